public import Foundation

/// The web addresses in plain text someone wrote (a channel's description), so they can be
/// links and the rest stays text: http and https only, without the punctuation that ends a
/// sentence or closes a bracket around them.
public enum WebLinks {
    public enum Run: Sendable, Equatable {
        case text(String)
        case link(URL, String)
    }

    public static func runs(_ text: String) -> [Run] {
        var runs: [Run] = []
        var rest = Substring(text)
        while let range = rest.range(of: #"https?://[^\s<>"]+"#, options: [.regularExpression, .caseInsensitive]) {
            var candidate = rest[range]
            while let last = candidate.last, ".,;:!?)]}'".contains(last) { candidate = candidate.dropLast() }
            let before = rest[rest.startIndex..<range.lowerBound]
            if !before.isEmpty { runs.append(.text(String(before))) }
            if let url = URL(string: String(candidate)), RemoteHost.host(of: url) != nil {
                runs.append(.link(url, String(candidate)))
            } else {
                runs.append(.text(String(candidate)))
            }
            rest = rest[candidate.endIndex...]
        }
        if !rest.isEmpty { runs.append(.text(String(rest))) }
        return runs
    }
}
