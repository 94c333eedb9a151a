/// A size in device pixels.
public struct PixelSize: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var transposed: PixelSize { PixelSize(width: height, height: width) }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var description: String { "\(width)x\(height)" }
}

/// How a video is placed on a page: portrait clips cover it (cropped), others fit (letterboxed).
public enum VideoFit: Sendable, Equatable {
    case cover
    case contain

    public static func forVideo(_ display: PixelSize) -> VideoFit {
        display.width < display.height ? .cover : .contain
    }

    /// The size to scale decoded frames to so the toolkit only crops or letterboxes, never
    /// resamples again: the aspect ratio is kept, both sides are even (I420-friendly), and
    /// frames are never scaled up, since upscaling is cheaper on the GPU than in the decoder.
    public static func scaledSize(video: PixelSize, viewport: PixelSize) -> PixelSize {
        guard !video.isEmpty, !viewport.isEmpty else { return video }
        let sx = Double(viewport.width) / Double(video.width)
        let sy = Double(viewport.height) / Double(video.height)
        let fit = forVideo(video)
        let scale = min(1.0, fit == .cover ? max(sx, sy) : min(sx, sy))
        func even(_ v: Double) -> Int { max(2, Int((v / 2).rounded()) * 2) }
        return PixelSize(width: even(Double(video.width) * scale), height: even(Double(video.height) * scale))
    }
}
