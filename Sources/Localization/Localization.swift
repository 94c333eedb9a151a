import CIntl
public import Foundation

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
        // Numbers written into pipelines and files must not change with the language.
        setlocale(LC_NUMERIC, "C")
        if let directory { bindtextdomain(domain, directory) }
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }

    /// Replaces each `{key}` in `text` with its value.
    public static func fill(_ text: String, _ values: KeyValuePairs<String, Any>) -> String {
        var result = text
        for (key, value) in values {
            result = result.replacingOccurrences(of: "{" + key + "}", with: "\(value)")
        }
        return result
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
    return Localization.fill(Localization.fill(form, ["count": LocaleNumbers.whole(count)]), values)
}
