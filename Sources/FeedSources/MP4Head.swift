import FeedCore

/// A video's size and length read from the first bytes of its MP4 (ISO BMFF): the movie header
/// (`mvhd`) and the first video track's header (`tkhd`, turned by its matrix). Enough to tell a
/// portrait video from a landscape one when the network's document leaves its shape out (older
/// PeerTube videos: `aspectRatio` null and files without sizes), without a decoder: web videos
/// are written with their index first, and an HLS rendition's fragmented MP4 starts with it.
/// Pure: any bytes, hostile or cut short, give a head or nil.
enum MP4Head {
    /// What the bytes say, when they hold the whole movie box.
    static func probe(_ bytes: [UInt8]) -> VerticalFilter.Probe? {
        guard let moov = boxes(in: bytes[...]).first(where: { $0.type == "moov" })?.body else { return nil }
        let inside = boxes(in: moov)
        var duration: Double?
        if let mvhd = inside.first(where: { $0.type == "mvhd" })?.body { duration = movieDuration(mvhd) }
        for trak in inside where trak.type == "trak" {
            let parts = boxes(in: trak.body)
            guard isVideo(parts), let tkhd = parts.first(where: { $0.type == "tkhd" })?.body,
                  let size = trackSize(tkhd) else { continue }
            return VerticalFilter.Probe(size: size, duration: duration)
        }
        return nil
    }

    private struct Box {
        var type: String
        var body: ArraySlice<UInt8>
    }

    /// The boxes one after another in `bytes`; a box running past the end ends the list.
    private static func boxes(in bytes: ArraySlice<UInt8>) -> [Box] {
        var found: [Box] = []
        var at = bytes.startIndex
        while bytes.endIndex - at >= 8, found.count < 64 {
            var size = Int(integer(bytes, at, 4))
            let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            var header = 8
            if size == 1 {
                guard bytes.endIndex - at >= 16 else { break }
                let large = integer(bytes, at + 8, 8)
                guard large <= UInt64(Int.max) else { break }
                size = Int(large)
                header = 16
            } else if size == 0 {
                size = bytes.endIndex - at
            }
            guard size >= header, size <= bytes.endIndex - at else { break }
            found.append(Box(type: type, body: bytes[(at + header)..<(at + size)]))
            at += size
        }
        return found
    }

    private static func isVideo(_ trak: [Box]) -> Bool {
        guard let mdia = trak.first(where: { $0.type == "mdia" }),
              let hdlr = boxes(in: mdia.body).first(where: { $0.type == "hdlr" })?.body, hdlr.count >= 12 else { return false }
        let start = hdlr.startIndex
        return String(decoding: hdlr[(start + 8)..<(start + 12)], as: UTF8.self) == "vide"
    }

    /// Seconds, from the timescale and duration (32 or 64 bits by the box's version).
    private static func movieDuration(_ mvhd: ArraySlice<UInt8>) -> Double? {
        guard let version = mvhd.first else { return nil }
        let s = mvhd.startIndex
        let (scaleAt, durationAt, width) = version == 1 ? (s + 20, s + 24, 8) : (s + 12, s + 16, 4)
        guard mvhd.endIndex - durationAt >= width else { return nil }
        let scale = integer(mvhd, scaleAt, 4), duration = integer(mvhd, durationAt, width)
        guard scale > 0, duration > 0, duration != (width == 4 ? 0xFFFF_FFFF : UInt64.max) else { return nil }
        return Double(duration) / Double(scale)
    }

    /// Width and height as shown: the header's 16.16 sizes, swapped when its matrix turns the
    /// picture a quarter.
    private static func trackSize(_ tkhd: ArraySlice<UInt8>) -> PixelSize? {
        guard let version = tkhd.first else { return nil }
        let s = tkhd.startIndex
        let matrixAt = s + (version == 1 ? 52 : 40)
        guard tkhd.endIndex - matrixAt >= 44 else { return nil }
        let width = Int(integer(tkhd, matrixAt + 36, 4) >> 16), height = Int(integer(tkhd, matrixAt + 40, 4) >> 16)
        guard width > 0, height > 0 else { return nil }
        // a b / c d of the matrix: a quarter turn has a = d = 0.
        let a = Int32(bitPattern: UInt32(integer(tkhd, matrixAt, 4))), d = Int32(bitPattern: UInt32(integer(tkhd, matrixAt + 16, 4)))
        let turned = a == 0 && d == 0
        return turned ? PixelSize(width: height, height: width) : PixelSize(width: width, height: height)
    }

    private static func integer(_ bytes: ArraySlice<UInt8>, _ at: Int, _ width: Int) -> UInt64 {
        bytes[at..<(at + width)].reduce(0) { $0 << 8 | UInt64($1) }
    }
}
