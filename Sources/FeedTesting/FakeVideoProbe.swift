public import FeedCore
public import Foundation

/// `VideoFileProbing` that reads nothing: every file is a 720x1280, 3 s video, except those
/// whose name contains one of `unreadableNames`.
public struct FakeVideoProbe: VideoFileProbing {
    public var facts: VideoFileFacts
    public var unreadableNames: [String]

    public init(facts: VideoFileFacts = VideoFileFacts(width: 720, height: 1280, rotation: 0, durationSeconds: 3),
                unreadableNames: [String] = ["broken"]) {
        self.facts = facts
        self.unreadableNames = unreadableNames
    }

    public func probe(_ file: URL) -> VideoFileFacts? {
        unreadableNames.contains { file.lastPathComponent.contains($0) } ? nil : facts
    }
}
