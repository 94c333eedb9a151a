/// The profile header's parallax: pulling down past the top stretches the background by
/// 1 + pull/500 and moves it down; scrolling up moves it up with the content.
public enum ProfileHeader {
    /// The header's height in a tall enough window.
    public static let height: Double = 420
    /// The least it shrinks to: the avatar, name, counts and buttons still fit.
    public static let minimumHeight: Double = 320

    /// The header's height on a page this tall: 420 px in a phone-shaped window, less in a short
    /// wide one, so the grid still shows below it.
    public static func height(forPageHeight pageHeight: Double) -> Double {
        guard pageHeight > 0 else { return height }
        return min(height, max(minimumHeight, (pageHeight * 0.57).rounded()))
    }

    public struct Placement: Sendable, Equatable {
        public let scale: Double
        /// How far the background's top edge moves down (px).
        public let offsetY: Double

        public init(scale: Double, offsetY: Double) {
            self.scale = scale
            self.offsetY = offsetY
        }
    }

    /// `pull` is how far the content is pulled down past its top (0 when not pulled).
    public static func background(pull: Double) -> Placement {
        let pull = max(0, pull)
        return Placement(scale: 1 + pull / 500, offsetY: pull / 2)
    }

    /// Pointer movement turned into pull: the further it goes the harder it gets.
    public static func pull(forDrag dy: Double) -> Double {
        guard dy > 0 else { return 0 }
        return 300 * (1 - 1 / (1 + dy / 300))
    }
}

/// Rules for the user's own profile fields.
public enum ProfileValidation {
    public enum Problem: Sendable, Equatable, CustomStringConvertible {
        case handleLength, handleCharacters, nameEmpty, nameTooLong, bioTooLong

        public var description: String {
            switch self {
            case .handleLength: tr("A handle has 2 to 24 characters.")
            case .handleCharacters: tr("A handle uses only lowercase letters, digits, “.” and “_”.")
            case .nameEmpty: tr("Your name can’t be empty.")
            case .nameTooLong: tr("A name has at most 50 characters.")
            case .bioTooLong: tr("A bio has at most 160 characters.")
            }
        }
    }

    public static func check(handle: String, name: String, bio: String) -> [Problem] {
        var problems: [Problem] = []
        if !(2...TextLimits.handle).contains(handle.count) { problems.append(.handleLength) }
        if !handle.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "_" }) {
            problems.append(.handleCharacters)
        }
        let trimmedName = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmedName.isEmpty { problems.append(.nameEmpty) }
        if trimmedName.count > TextLimits.name { problems.append(.nameTooLong) }
        if bio.count > TextLimits.bio { problems.append(.bioTooLong) }
        return problems
    }
}

import Foundation
import Localization
