/// Whether videos are decoded by the GPU (VA-API) rather than by libav on the CPU.
///
/// GStreamer 1.22's `va` decoders (vah264dec, vah265dec, vavp8dec, vavp9dec, vaav1dec) are
/// registered with rank NONE, so decodebin never picks them by itself; Clapper raises them above
/// the software decoders at start, and so does Loopfeed, where it can pay off: a render node
/// (`/dev/dri/renderD*`) exists and frames stay on the GPU (the GL path, which imports the
/// decoder's DMA-BUFs straight into textures). A decoder that cannot take a stream (a profile the
/// GPU lacks) fails to start and decodebin tries the next one, libav: software decoding stays
/// the fallback. The memory path keeps software decoding: it is the path taken when the GPU's
/// GL did not work, and it would copy every decoded frame back from the GPU anyway.
public struct HardwareDecoding: Sendable, Equatable {
    /// The decoders to raise above the software ones (empty: software decoding).
    public let decoders: [String]
    /// Why, in a few words for the events log.
    public let reason: String

    public var enabled: Bool { !decoders.isEmpty }

    public static let vaDecoders = ["vah264dec", "vah265dec", "vavp8dec", "vavp9dec", "vaav1dec"]

    /// `renderNodes`: the names in /dev/dri that start with "renderD".
    public static func decide(renderNodes: [String], videoPath: VideoPath) -> HardwareDecoding {
        let nodes = renderNodes.filter { $0.hasPrefix("renderD") }.sorted()
        guard let node = nodes.first else {
            return HardwareDecoding(decoders: [], reason: "no render node in /dev/dri")
        }
        guard videoPath == .gl else {
            return HardwareDecoding(decoders: [], reason: "the memory path decodes in software")
        }
        return HardwareDecoding(decoders: vaDecoders, reason: "render node /dev/dri/\(node)")
    }
}
