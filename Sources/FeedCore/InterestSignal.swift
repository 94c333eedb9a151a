public import Foundation

/// What the user did with a post, as For You learns from it.
public enum InterestAction: String, Sendable, CaseIterable {
    /// A showing ended (the feed session's watch signal).
    case watched
    case liked
    case commented
    case shared
    case followed
    case openedProfile = "opened_profile"
    /// The post's Not interested.
    case notInterested = "not_interested"
    /// The post's Hide this creator.
    case hidCreator = "hid_creator"
}

/// How long a video is, in the bands a taste is kept in: a length in seconds says little, a
/// preference for short loops or for longer clips says much.
public enum LengthBand: String, Sendable, CaseIterable {
    case short, medium, long

    public init(seconds: Double) {
        switch seconds {
        case ..<15: self = .short
        case ..<60: self = .medium
        default: self = .long
        }
    }
}

/// What a taste is computed over: who made a post and what it is about, kept with each signal so
/// the taste survives the post being deleted or trimmed from the cache.
public struct PostTraits: Sendable, Equatable, Hashable {
    public var creatorID: Int64
    /// Lowercased, without "#".
    public var hashtags: [String]
    /// The host of the network it came from; nil for the user's own files and followed feeds.
    public var instance: String?
    /// The language's code when its network said it.
    public var language: String?
    public var lengthSeconds: Double

    public init(creatorID: Int64, hashtags: [String], instance: String? = nil, language: String? = nil,
                lengthSeconds: Double) {
        self.creatorID = creatorID
        self.hashtags = hashtags.map { $0.lowercased() }
        self.instance = instance
        self.language = language
        self.lengthSeconds = lengthSeconds
    }

    /// A post's traits; its language is not kept on Post, so the caller passes what its network said.
    public init(post: Post, language: String? = nil) {
        self.init(creatorID: post.author.id, hashtags: post.hashtags, instance: post.remote?.host,
                  language: language, lengthSeconds: post.duration)
    }

    public var lengthBand: LengthBand { LengthBand(seconds: lengthSeconds) }
}

/// One thing the user did with one post, with the post's traits: the library's record of it.
public struct InterestSignal: Sendable, Equatable {
    public var action: InterestAction
    public var postID: Int64
    public var at: Date
    /// For `.watched`: playing time on screen and whole loops seen (0 for every other action).
    public var watchedMs: Int64
    public var loops: Int
    public var traits: PostTraits

    public init(action: InterestAction, postID: Int64, at: Date, watchedMs: Int64 = 0, loops: Int = 0,
                traits: PostTraits) {
        self.action = action
        self.postID = postID
        self.at = at
        self.watchedMs = watchedMs
        self.loops = loops
        self.traits = traits
    }

    /// A feed session's watch signal, with the traits of the post it was about.
    public init(watch: WatchSignal, traits: PostTraits, at: Date) {
        self.init(action: .watched, postID: watch.postID, at: at, watchedMs: watch.watchedMs, loops: watch.loops,
                  traits: traits)
    }

    /// Watched to the end at least once.
    public var completed: Bool { action == .watched && loops >= 1 }
    /// Left before 1.5 s of watching (the watch signal's rule).
    public var skipped: Bool { action == .watched && watchedMs < WatchSignal.skipBelowMs }
}

/// Where interest signals are kept (the library). Nothing in it leaves the computer. Used from the
/// main thread only, as the repository is.
public protocol InterestSignalStoring: AnyObject {
    /// While paused, `record` keeps nothing.
    func isRecordingPaused() throws -> Bool
    func setRecordingPaused(_ paused: Bool) throws
    /// Keeps the signal unless recording is paused; says whether it was kept.
    @discardableResult func record(_ signal: InterestSignal) throws -> Bool
    /// Every signal kept, oldest first.
    func interestSignals() throws -> [InterestSignal]
    /// Forgets every signal at once, for good.
    func eraseAllInterestSignals() throws
    /// Forgets the newest signal of `action` about `postID` (an undone Not interested).
    func forgetLastInterestSignal(action: InterestAction, postID: Int64) throws
    /// Forgets every signal about a creator, a hashtag or an instance (Your interests' Remove).
    func forgetInterestSignals(about feature: TasteModel.Feature) throws
}
