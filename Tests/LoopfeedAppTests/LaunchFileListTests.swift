import XCTest
@testable import LoopfeedApp

final class LaunchFileListTests: XCTestCase {
    // As /proc/self/maps lists them: by rising address, a library in several mappings, the
    // padding before the path, the kernel's own areas, a deleted file, a path with a space.
    private let maps = """
        55d0c1a00000-55d0c1a9d000 r--p 00000000 fe:00 1001                       /usr/bin/loopfeed
        55d0c2f00000-55d0c3100000 rw-p 00000000 00:00 0                          [heap]
        7f16ab000000-7f16ac000000 r-xp 00000000 fe:00 2002                       /usr/lib/x86_64-linux-gnu/dri/swrast_dri.so
        7f16b0000000-7f16b0100000 r--p 00000000 fe:00 2003                       /usr/share/fonts/My Font.ttf
        7f16b1000000-7f16b1001000 rw-s 00000000 00:01 3004                       /memfd:pulseaudio (deleted)
        7f16b2000000-7f16b2001000 rw-s 00000000 fe:00 3005                       /home/ann/.local/share/loopfeed/library.sqlite-shm
        7f16b3000000-7f16b3001000 r--p 00000000 fe:00 3006                       /tmp/old.so (deleted)
        7f16c7970000-7f16c7990000 r--p 00000000 fe:00 333151                     /usr/lib/x86_64-linux-gnu/libc.so.6
        7f16c7990000-7f16c7a00000 r-xp 00026000 fe:00 333151                     /usr/lib/x86_64-linux-gnu/libc.so.6
        7f16c8400000-7f16c8500000 r-xp 00000000 fe:00 333152                     /dev/dri/card0
        7ffd5b1f0000-7ffd5b211000 rw-p 00000000 00:00 0                          [stack]
        ffffffffff600000-ffffffffff601000 --xp 00000000 00:00 0                  [vsyscall]
        """

    func testTheFilesComeOnceEachEarliestMappedFirst() {
        XCTAssertEqual(LaunchFileList.parse(maps: maps), [
            "/usr/lib/x86_64-linux-gnu/libc.so.6",
            "/usr/share/fonts/My Font.ttf",
            "/usr/lib/x86_64-linux-gnu/dri/swrast_dri.so",
            "/usr/bin/loopfeed",
        ])
    }

    func testAKeptListReadsBackAndAForeignOneGivesNothing() {
        let paths = LaunchFileList.parse(maps: maps)
        XCTAssertEqual(LaunchFileList.decode(LaunchFileList.encode(paths)), paths)
        XCTAssertEqual(LaunchFileList.decode("relative/lib.so\n/dev/zero\n/proc/self/mem\n/usr/lib/a.so\n"), ["/usr/lib/a.so"])
        let tooMany = (0...LaunchFileList.maximumFiles).map { "/usr/lib/\($0).so\n" }.joined()
        XCTAssertEqual(LaunchFileList.decode(tooMany), [])
        XCTAssertEqual(LaunchFileList.decode(String(repeating: "/", count: LaunchFileList.maximumListBytes + 1)), [])
    }
}
