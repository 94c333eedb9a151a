/// A rectangle in a page's coordinates (logical pixels).
public struct PageRect: Sendable, Equatable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

/// Where the parts of one feed page go, as TikTok's web player does it: a portrait video keeps
/// the page's full height in a centred column (cropped at the sides only when the window is
/// narrower than the video, or only a little wider), over a dimmed copy of itself; the rail sits beside the column when
/// there is room and over its right edge when not. Landscape and square videos fit the whole page.
public struct PageLayout: Sendable, Equatable {
    /// The video's column: the picture covers it.
    public var video: PageRect
    /// The caption, author and music: the bottom of the column, left of the rail when the rail
    /// is inside it.
    public var caption: PageRect
    /// The rail (avatar, like, comments, share): its buttons sit at the bottom of this rect.
    public var rail: PageRect
    /// Whether the rail is beside the video rather than over it.
    public var railOutside: Bool
    /// Whether page shows beside the column (and so wants the dimmed backdrop).
    public var hasSides: Bool

    /// The rail's width: its widest button (the 48 px avatar with its border) plus margins.
    public static let railWidth = 72
    /// The narrowest column, as a share of the page's width, that still fills the page.
    public static let fillTolerance = 0.85
    /// The aspect ratio assumed for a video whose size is not known yet (9:16, as most are).
    public static let defaultPortrait = PixelSize(width: 9, height: 16)

    public init(pageWidth: Int, pageHeight: Int, video: PixelSize?) {
        let width = max(0, pageWidth)
        let height = max(0, pageHeight)
        let shape = video.flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultPortrait
        let columnWidth: Int
        if shape.width < shape.height {
            let natural = Int((Double(height) * Double(shape.width) / Double(shape.height)).rounded())
            // A window a little wider than the video is filled (a sliver of the top and bottom
            // cropped), as a phone does; only a clearly wider one gets sides.
            columnWidth = Double(natural) >= Double(width) * Self.fillTolerance ? width : max(1, natural)
        } else {
            columnWidth = width
        }
        let columnX = (width - columnWidth) / 2
        self.video = PageRect(x: columnX, y: 0, width: columnWidth, height: height)
        hasSides = columnWidth < width
        let right = width - (columnX + columnWidth)
        railOutside = right >= Self.railWidth + 8
        if railOutside {
            rail = PageRect(x: columnX + columnWidth + 4, y: 0, width: Self.railWidth, height: height)
            caption = self.video
        } else {
            let railX = max(columnX, min(width, columnX + columnWidth) - Self.railWidth)
            rail = PageRect(x: railX, y: 0, width: Self.railWidth, height: height)
            caption = PageRect(x: columnX, y: 0, width: max(0, railX - columnX), height: height)
        }
    }

    /// The pixel size frames are scaled to for this page: the column, at the screen's scale.
    public func viewport(scale: Int) -> PixelSize {
        PixelSize(width: video.width * max(1, scale), height: video.height * max(1, scale))
    }
}
