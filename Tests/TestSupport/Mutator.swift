/// SplitMix64: a tiny generator whose sequence depends only on its seed, so a fuzz run that
/// found something is run again, on any machine, from its seed.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seed of run `index` of a fuzz run seeded `base`: each run can be repeated alone.
    public static func runSeed(base: UInt64, index: Int) -> UInt64 {
        var mixer = SeededRandom(seed: base ^ (UInt64(index) &* 0xD6E8_FEB8_6659_FD93))
        return mixer.next()
    }
}

/// Byte-level damage for fuzzing: what disks, downloads and hostile senders do to files.
public enum ByteMutation: String, CaseIterable, Sendable {
    /// A few bits flipped anywhere.
    case bitFlips = "bit_flips"
    /// A run of bytes overwritten with zeros, 0xFF or noise.
    case byteRun = "byte_run"
    /// Cut at a random point.
    case truncate
    /// Random bytes inserted at a random point.
    case insert
    /// A piece of the file repeated somewhere else (a resumed download gone wrong).
    case splice

    public func apply(to data: [UInt8], using rng: inout SeededRandom) -> [UInt8] {
        guard !data.isEmpty else { return data }
        var out = data
        switch self {
        case .bitFlips:
            for _ in 0..<Int.random(in: 1...16, using: &rng) {
                let at = Int.random(in: 0..<out.count, using: &rng)
                out[at] ^= 1 << UInt8.random(in: 0...7, using: &rng)
            }
        case .byteRun:
            let at = Int.random(in: 0..<out.count, using: &rng)
            let length = min(out.count - at, Int.random(in: 1...512, using: &rng))
            let fill = Int.random(in: 0...2, using: &rng)
            for index in at..<(at + length) {
                out[index] = fill == 0 ? 0 : fill == 1 ? 0xFF : UInt8.random(in: 0...255, using: &rng)
            }
        case .truncate:
            out = Array(out.prefix(Int.random(in: 0..<out.count, using: &rng)))
        case .insert:
            let at = Int.random(in: 0...out.count, using: &rng)
            out.insert(contentsOf: (0..<Int.random(in: 1...256, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }, at: at)
        case .splice:
            let from = Int.random(in: 0..<out.count, using: &rng)
            let piece = out[from..<min(out.count, from + Int.random(in: 1...4096, using: &rng))]
            out.insert(contentsOf: piece, at: Int.random(in: 0...out.count, using: &rng))
        }
        return out
    }
}

/// MP4 (ISO BMFF) boxes duplicated or removed, with the sizes of the boxes around them kept
/// true, so the file still parses and the demuxer meets two `moov`s, a `trak` without its
/// `stbl`, an `mdat` twice.
public enum BoxMutation: String, CaseIterable, Sendable {
    case duplicateBox = "duplicate_box"
    case removeBox = "remove_box"

    /// Boxes whose contents are boxes (`meta` has a 4-byte header first and is left whole).
    static let containers: Set<String> = ["moov", "trak", "mdia", "minf", "stbl", "edts", "dinf", "udta", "mvex", "moof", "traf"]

    public struct Box: Sendable, Equatable {
        public var offset: Int
        public var size: Int
        public var type: String
        /// Offsets of the boxes this one is inside, outermost first.
        public var parents: [Int]
    }

    /// Every box of an MP4 (nil for data that is not one), depth first.
    public static func boxes(_ data: [UInt8]) -> [Box]? {
        var found: [Box] = []
        func scan(_ start: Int, _ end: Int, parents: [Int]) -> Bool {
            var offset = start
            while offset + 8 <= end {
                var size = Int(data[offset]) << 24 | Int(data[offset + 1]) << 16 | Int(data[offset + 2]) << 8 | Int(data[offset + 3])
                let type = String(decoding: data[(offset + 4)..<(offset + 8)], as: UTF8.self)
                if size == 0 { size = end - offset }
                guard size >= 8, offset + size <= end else { return false }
                found.append(Box(offset: offset, size: size, type: type, parents: parents))
                if containers.contains(type), !scan(offset + 8, offset + size, parents: parents + [offset]) { return false }
                offset += size
            }
            return offset == end
        }
        return scan(0, data.count, parents: []) && found.first?.type == "ftyp" ? found : nil
    }

    /// nil when `data` is not an MP4 this can take apart.
    public func apply(to data: [UInt8], using rng: inout SeededRandom) -> [UInt8]? {
        guard let boxes = Self.boxes(data), let box = boxes.randomElement(using: &rng) else { return nil }
        var out = data
        let delta: Int
        switch self {
        case .duplicateBox:
            out.insert(contentsOf: data[box.offset..<(box.offset + box.size)], at: box.offset + box.size)
            delta = box.size
        case .removeBox:
            out.removeSubrange(box.offset..<(box.offset + box.size))
            delta = -box.size
        }
        for parent in box.parents {
            let old = Int(out[parent]) << 24 | Int(out[parent + 1]) << 16 | Int(out[parent + 2]) << 8 | Int(out[parent + 3])
            let new = UInt32(truncatingIfNeeded: old + delta)
            out.replaceSubrange(parent..<(parent + 4), with: [UInt8(new >> 24), UInt8((new >> 16) & 0xFF),
                                                               UInt8((new >> 8) & 0xFF), UInt8(new & 0xFF)])
        }
        return out
    }
}
