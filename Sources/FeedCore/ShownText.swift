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
