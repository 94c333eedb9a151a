/// Text someone wrote (a comment, a caption, a name), made safe to show exactly as written:
/// nothing in it may change how it or the text around it reads.
///
/// Stored text is never changed; this is only what a label shows. Direction overrides,
/// embeddings and isolates (U+202A-U+202E, U+2066-U+2069) are shown as visible marks, so
/// "photo_\u{202E}gpj.exe" reads "photo_[U+202E]gpj.exe", not "photo_exe.jpg". Other control
/// characters (but line breaks and tabs) show as U+FFFD. Right-to-left text itself, and the
/// left-to-right and right-to-left marks that only steer punctuation, stay as they are.
public enum ShownText {
    /// `text` with its direction controls made visible.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsMark) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isDirectionControl(scalar) {
                out.append(contentsOf: "[U+\(hex(scalar.value))]".unicodeScalars)
            } else if isHiddenControl(scalar) {
                out.append("\u{FFFD}")
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// `visible(text)` between first-strong isolate and pop-directional isolate marks: put into
    /// a sentence ("{name} · you"), a right-to-left name keeps its own direction without
    /// reordering the words around it.
    public static func isolated(_ text: String) -> String {
        "\u{2068}" + visible(text) + "\u{2069}"
    }

    /// `text` on one line, as a file name is written in a log or a message: line breaks, tabs
    /// and other control characters escaped (`\n`, `\t`, `\u{1B}`) and direction controls
    /// marked, so a crafted name can neither fake a line of its own nor reorder the rest.
    public static func oneLine(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: out.append(contentsOf: "\\n".unicodeScalars)
            case 0x0D: out.append(contentsOf: "\\r".unicodeScalars)
            case 0x09: out.append(contentsOf: "\\t".unicodeScalars)
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029:
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            default:
                if isDirectionControl(scalar) {
                    out.append(contentsOf: "[U+\(hex(scalar.value))]".unicodeScalars)
                } else {
                    out.append(scalar)
                }
            }
        }
        return String(out)
    }

    private static func needsMark(_ scalar: Unicode.Scalar) -> Bool {
        isDirectionControl(scalar) || isHiddenControl(scalar)
    }

    private static func isDirectionControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    private static func isHiddenControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
