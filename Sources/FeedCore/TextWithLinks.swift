public import Foundation

/// Plain text someone wrote on a network (a comment) and the web links it carries, as runs to
/// show: the text as it is, and each link where its address is written in it; a link whose
/// address is not in the text (a PeerTube `<a>` with other words) follows on a line of its own,
/// as its address, so where a link leads is always what is shown. Nothing is interpreted.
public enum TextWithLinks {
    public enum Run: Sendable, Equatable {
        case text(String)
        /// The words shown (the address as written) and where it leads.
        case link(String, URL)
    }

    public static func runs(_ text: String, links: [URL]) -> [Run] {
        // Where each link's address is written; the longest addresses are placed first, so one
        // that is the start of another never cuts it short.
        var found: [(range: Range<String.Index>, url: URL)] = []
        var unplaced: [URL] = []
        for url in links.sorted(by: { $0.absoluteString.count > $1.absoluteString.count }) {
            let address = url.absoluteString
            var from = text.startIndex
            var placed = false
            while let range = text.range(of: address, range: from..<text.endIndex) {
                if !found.contains(where: { $0.range.overlaps(range) }) {
                    found.append((range, url))
                    placed = true
                }
                from = range.upperBound
            }
            if !placed { unplaced.append(url) }
        }
        found.sort { $0.range.lowerBound < $1.range.lowerBound }
        unplaced = links.filter(unplaced.contains)
        var runs: [Run] = []
        var cursor = text.startIndex
        for (range, url) in found where range.lowerBound >= cursor {
            if cursor < range.lowerBound { runs.append(.text(String(text[cursor..<range.lowerBound]))) }
            runs.append(.link(String(text[range]), url))
            cursor = range.upperBound
        }
        if cursor < text.endIndex { runs.append(.text(String(text[cursor...]))) }
        for url in unplaced {
            runs.append(.text(runs.isEmpty ? "" : "\n"))
            runs.append(.link(url.absoluteString, url))
        }
        return runs.filter { $0 != .text("") }
    }
}
