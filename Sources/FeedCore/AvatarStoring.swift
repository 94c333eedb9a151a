public import Foundation

/// Keeps a picture the user picked as their photo: copied into Loopfeed's own folder, so the
/// profile does not break when the original is moved or deleted.
public protocol AvatarStoring: Sendable {
    /// Copies `picture` off the main thread; delivers the kept copy, or why it could not be kept.
    func keep(_ picture: URL, then deliver: @escaping @Sendable @MainActor (Result<URL, AvatarError>) -> Void)
}

public struct AvatarError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
