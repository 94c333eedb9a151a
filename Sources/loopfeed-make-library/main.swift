import FeedCore
import FeedStorage
import Foundation
import SyntheticLibrary

// Makes a large library for the reliability runs (a library of 100,000 posts and 1,000
// subscriptions: launch, paging, search and refresh must stay within their targets). Every post
// is a video that plays: each has its own file name (the library keeps one post per address), a
// symbolic link to one of the clips given. Subscriptions are the addresses FORMAT makes of
// 0..<M (e.g. http://127.0.0.1:8000/feed/%d.xml). Prints one JSON object.
//
//   loopfeed-make-library DATA_DIR --posts N --clips a.mp4,b.mp4 [--subscriptions M --feed-url FORMAT]

func argument(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

guard CommandLine.arguments.count > 1, let clipList = argument("--clips") else {
    FileHandle.standardError.write(Data("usage: loopfeed-make-library DATA_DIR --posts N --clips a.mp4,b.mp4 [--subscriptions M --feed-url FORMAT]\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: CommandLine.arguments[1])
let postCount = Int(argument("--posts") ?? "") ?? 100_000
let subscriptionCount = Int(argument("--subscriptions") ?? "") ?? 0
let feedFormat = argument("--feed-url") ?? "http://127.0.0.1:8000/feed/%d.xml"
let clips = clipList.split(separator: ",").map { URL(fileURLWithPath: String($0)).standardizedFileURL }

let start = Date()
let links = folder.appendingPathComponent("videos-library")
try FileManager.default.createDirectory(at: links, withIntermediateDirectories: true)
let repository = try LibraryDatabase.open(at: folder.appendingPathComponent("library.sqlite"))
var library = SyntheticLibrary(authors: 500, posts: postCount, seed: 7)
try library.write(into: repository) { i in
    let link = links.appendingPathComponent("\(i).mp4")
    if !FileManager.default.fileExists(atPath: link.path) {
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: clips[i % clips.count])
    }
    return link.absoluteString
}
try repository.connection.transaction {
    for n in 0..<subscriptionCount {
        _ = try repository.insertSubscription(url: String(format: feedFormat, n), title: "Feed \(n)")
    }
}
print("{\"posts\":\(postCount),\"subscriptions\":\(subscriptionCount),\"seconds\":\(String(format: "%.1f", Date().timeIntervalSince(start)))}")
