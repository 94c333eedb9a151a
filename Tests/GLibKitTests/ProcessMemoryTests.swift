import Glibc
import GLibKit
import XCTest

final class ProcessMemoryTests: XCTestCase {
    /// Once a block the size of a decoded 720x1280 frame was freed, glibc serves the next one from
    /// its arenas (where the memory stays with the process) unless the threshold is fixed.
    func testAFrameSizedBlockIsMappedEvenAfterOneWasFreed() {
        ProcessMemory.mapBlocks(from: ProcessMemory.glibcStartingMapThreshold)
        // A decoded 720x1280 frame, or more: a block that some free space left in the heaps by
        // the tests before could hold comes from there whatever the threshold (CI, once).
        let frameBytes = max(720 * 1280 * 3 / 2, ProcessMemory.freeHeapBytes + 1_048_576)
        free(malloc(frameBytes))
        let mappedBefore = ProcessMemory.mappedBlockCount
        let block = malloc(frameBytes)
        defer { free(block) }
        XCTAssertEqual(ProcessMemory.mappedBlockCount, mappedBefore + 1, "the frame-sized block came from an arena")
    }
}
