public import Foundation

/// Writes a rotation into an MP4's video track header (its display matrix), as a phone does.
public enum MP4Rotation {
    public struct NotFound: Error {}

    public static func turn(_ url: URL, quarterTurnsClockwise turns: Int) throws {
        var data = try Data(contentsOf: url)
        let (a, b, c, d): (Int32, Int32, Int32, Int32) = switch turns % 4 {
        case 1: (0, 1, -1, 0)
        case 2: (-1, 0, 0, -1)
        case 3: (0, -1, 1, 0)
        default: (1, 0, 0, 1)
        }
        guard let moov = boxes(data, in: 0..<data.count).first(where: { $0.type == "moov" }) else { throw NotFound() }
        for trak in boxes(data, in: moov.body) where trak.type == "trak" {
            let children = boxes(data, in: trak.body)
            guard let tkhd = children.first(where: { $0.type == "tkhd" }),
                  let mdia = children.first(where: { $0.type == "mdia" }),
                  let hdlr = boxes(data, in: mdia.body).first(where: { $0.type == "hdlr" }),
                  data[(hdlr.body.lowerBound + 8)..<(hdlr.body.lowerBound + 12)] == Data("vide".utf8) else { continue }
            // version and flags, the times, track id and duration, reserved, layer and the like.
            let matrix = tkhd.body.lowerBound + 4 + (data[tkhd.body.lowerBound] == 1 ? 32 : 20) + 8 + 8
            let values: [Int32] = [a << 16, b << 16, 0, c << 16, d << 16, 0, 0, 0, 1 << 30]
            var bytes = Data()
            for value in values { withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) } }
            data.replaceSubrange(matrix..<(matrix + 36), with: bytes)
            try data.write(to: url)
            return
        }
        throw NotFound()
    }

    private struct Box {
        let type: String
        let body: Range<Int>
    }

    private static func boxes(_ data: Data, in range: Range<Int>) -> [Box] {
        var found: [Box] = []
        var offset = range.lowerBound
        func read32(_ at: Int) -> Int { data[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        while offset + 8 <= range.upperBound {
            var size = read32(offset)
            var header = 8
            if size == 1 {
                size = read32(offset + 8) << 32 | read32(offset + 12)
                header = 16
            } else if size == 0 {
                size = range.upperBound - offset
            }
            guard size >= header, offset + size <= range.upperBound else { break }
            let type = String(decoding: data[(offset + 4)..<(offset + 8)], as: UTF8.self)
            found.append(Box(type: type, body: (offset + header)..<(offset + size)))
            offset += size
        }
        return found
    }
}
