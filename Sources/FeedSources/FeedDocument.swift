public import FeedCore
public import Foundation
import XMLKit

/// What a fetched address turned out to be, read from its bytes (content types lie).
public enum FeedDocument: Sendable, Equatable {
    case feed(ParsedFeed)
    /// An OPML list of subscriptions: each outline's feed address and title.
    case subscriptions([OPMLOutline])
    /// An HTML page advertising its feeds (`<link rel="alternate">`), best first.
    case page(feeds: [URL])
    /// Not a feed at all (a video, a picture): the caller may treat the address as one video.
    case other

    /// Why a document could not be read, in words for the subscription's line.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Feeds over 10 MB are refused before they are read.
    public static let maximumBytes = 10 * 1024 * 1024

    /// `base`: the address it came from (relative links resolve against it).
    public static func read(_ bytes: [UInt8], base: URL?) throws(Failure) -> FeedDocument {
        guard bytes.count <= maximumBytes else { throw Failure(description: "the feed is larger than 10 MB") }
        let head = bytes.prefix(4096)
        guard let first = head.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) else {
            throw Failure(description: "the document is empty")
        }
        if first == UInt8(ascii: "{") {
            guard JSONFeedParser.isJSONFeed(bytes) else { return LoopsFeedParser.parse(bytes, base: base).map(FeedDocument.feed) ?? .other }
            do {
                return .feed(try JSONFeedParser.parse(bytes, base: base))
            } catch {
                throw Failure(description: "the JSON feed is malformed")
            }
        }
        guard first == UInt8(ascii: "<") else { return .other }
        let lowered = String(decoding: head, as: UTF8.self).lowercased()
        if lowered.contains("<html") || lowered.contains("<!doctype html") {
            return .page(feeds: HTMLFeedLinks.alternates(in: bytes, base: base))
        }
        if lowered.contains("<opml") {
            do {
                return .subscriptions(try OPML.read(bytes, base: base))
            } catch {
                throw Failure(description: "the OPML file is malformed: \(error)")
            }
        }
        guard lowered.contains("<rss") || lowered.contains("<feed") || lowered.contains("<rdf") else { return .other }
        do {
            return .feed(try SyndicationParser.parse(bytes, base: base))
        } catch {
            throw Failure(description: "the feed is malformed XML: \(error)")
        }
    }
}
