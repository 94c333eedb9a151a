/// The comments sheet's drag: it follows the pointer downwards (never above its open
/// position); on release it closes when flung faster than 300 px/s or dragged past a third of
/// its height, otherwise it springs back. A downward drag moves the sheet instead of the list
/// only while the list is scrolled to its top.
public struct CommentSheetDrag: Sendable, Equatable {
    public var closeVelocity: Double = 300
    public var closeFraction: Double = 1.0 / 3.0

    public init() {}

    /// Whether a drag that starts now should move the sheet (true) or scroll the list.
    public func sheetTakesDrag(listOffset: Double, dragDown: Bool) -> Bool {
        dragDown && listOffset <= 0.5
    }

    /// How far down the sheet sits while dragged (0 = fully open).
    public func offset(dragY: Double, sheetHeight: Double) -> Double {
        min(max(0, dragY), sheetHeight)
    }

    public enum Release: Sendable, Equatable { case close, snapBack }

    /// `velocityY` in px/s, positive downwards.
    public func release(offset: Double, velocityY: Double, sheetHeight: Double) -> Release {
        if velocityY > closeVelocity { return .close }
        if velocityY < -closeVelocity { return .snapBack }
        return offset > sheetHeight * closeFraction ? .close : .snapBack
    }
}

/// What a comment may be before it is posted.
public enum CommentValidation: Sendable, Equatable {
    case valid(String)
    case empty
    case tooLong(count: Int, limit: Int)

    public static let limit = TextLimits.comment

    /// Trims surrounding whitespace and newlines; the text itself is kept exactly.
    public static func check(_ text: String) -> CommentValidation {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .empty }
        let count = trimmed.count
        return count > limit ? .tooLong(count: count, limit: limit) : .valid(trimmed)
    }
}

import Foundation
