import CIntl
import Foundation

/// Loopfeed's words in the user's language, through GNU gettext (glibc's libintl) as GNOME apps
/// do: catalogs for the `loopfeed` domain are installed by meson-helpers/po, the template
/// `po/loopfeed.pot` is made from the sources by `meson compile loopfeed-pot`.
///
/// Strings are marked with `tr` and `trn` so xgettext finds them (`--keyword=tr --keyword=trn:1,2`,
/// the sources read as C). A marked string is one literal: no interpolation, no `+`; values
/// go in as `{name}` placeholders, which translators may move.
public enum Localization {
    public static let domain = "loopfeed"

    /// Takes the locale from the environment and binds the domain to `directory` (the installed
    /// `share/locale`), once at start, before any window.
    public static func setUp(localeDirectory directory: String?) {
        setlocale(LC_ALL, "")
        // Numbers written into pipelines and files must not change with the language
        // (String(format:) follows the process's LC_NUMERIC). GtkKit's Application turns off
        // GTK's own setlocale, which would undo this.
        setlocale(LC_NUMERIC, "C")
        if let directory { bindtextdomain(domain, directory) }
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }

    /// Replaces each `{key}` in `text` with its value, in one pass over `text`: a value that
    /// itself contains "{key}" (a comment, a song title) is never filled in again.
    public static func fill(_ text: String, _ values: KeyValuePairs<String, Any>) -> String {
        fill(text, values.map { ($0.key, $0.value) })
    }

    /// `fill` with a list of keys and values (what `trn` builds).
    static func fill(_ text: String, _ values: [(String, Any)]) -> String {
        guard !values.isEmpty, text.contains("{") else { return text }
        var result = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}"),
                  let value = values.first(where: { $0.0 == rest[afterOpen..<close] })?.1 else {
                result.append("{")
                rest = rest[afterOpen...]
                continue
            }
            result += "\(value)"
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}

/// `msgid` in the user's language (itself when there is no translation).
public func tr(_ msgid: String) -> String {
    msgid.withCString { String(cString: dgettext(Localization.domain, $0)) }
}

/// `msgid` translated, with `{key}` placeholders filled in.
public func tr(_ msgid: String, _ values: KeyValuePairs<String, Any>) -> String {
    Localization.fill(tr(msgid), values)
}

/// The singular or plural form for `count` in the user's language ("1 comment", "2 comments"),
/// with `{count}` (the number, written for the locale) and any other placeholders filled in.
public func trn(_ singular: String, _ plural: String, _ count: Int, _ values: KeyValuePairs<String, Any> = [:]) -> String {
    let form = singular.withCString { one in
        plural.withCString { many in
            String(cString: dngettext(Localization.domain, one, many, UInt(max(0, count))))
        }
    }
    var all: [(String, Any)] = [("count", LocaleNumbers.whole(count))]
    for (key, value) in values where key != "count" { all.append((key, value)) }
    return Localization.fill(form, all)
}
