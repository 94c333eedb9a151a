/// A cue's text as plain text: tags (`<v Name>`, `<c.loud>`, `<b>`, `<00:00:01.000>`...) gone,
/// the entities WebVTT has decoded, control and direction characters gone, empty lines dropped,
/// at most a caption's length.
enum WebVTTText {
    static func plain(_ lines: [Substring]) -> String {
        var kept: [String] = []
        var length = 0
        for line in lines {
            let text = clean(decode(stripTags(line)))
            guard !text.isEmpty else { continue }
            kept.append(text)
            length += text.count + 1
            if length > TextLimits.caption { break }
        }
        let joined = kept.joined(separator: "\n")
        guard joined.count > TextLimits.caption else { return joined }
        return String(joined.prefix(TextLimits.caption - 1)) + "…"
    }

    /// Everything between `<` and `>` goes (an unclosed `<` takes the rest of the line, as a
    /// WebVTT parser reads it).
    static func stripTags(_ line: Substring) -> String {
        var out = ""
        var inTag = false
        for character in line {
            if inTag {
                if character == ">" { inTag = false }
            } else if character == "<" {
                inTag = true
            } else {
                out.append(character)
            }
        }
        return out
    }

    private static let named: [Substring: String] = [
        "amp": "&", "lt": "<", "gt": ">", "nbsp": "\u{00A0}", "lrm": "", "rlm": "", "quot": "\"", "apos": "'",
    ]

    /// `&amp;`, `&lt;`, `&gt;`, `&nbsp;`, `&lrm;`, `&rlm;`, `&quot;`, `&apos;` and numeric
    /// references; anything else stays as it is written.
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";") else {
                out += "&"
                rest = after
                continue
            }
            let name = after[..<semicolon]
            if let value = named[name] {
                out += value
            } else if name.hasPrefix("#"), let scalar = numeric(name.dropFirst()) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "&" + name + ";"
            }
            rest = after[after.index(after: semicolon)...]
        }
        return out + rest
    }

    private static func numeric(_ text: Substring) -> Unicode.Scalar? {
        let value = text.first == "x" || text.first == "X" ? UInt32(text.dropFirst(), radix: 16) : UInt32(text, radix: 10)
        return value.flatMap(Unicode.Scalar.init)
    }

    /// Control characters (tabs become spaces) and direction embeddings, overrides, isolates
    /// and marks go, as they do from feed text; spaces at the ends go.
    static func clean(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09: scalars.append(" ")
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: continue
            case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: continue
            default: scalars.append(scalar)
            }
        }
        return String(scalars).trimmingWebVTTWhitespace()
    }
}

extension String {
    func trimmingWebVTTWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
