import Foundation

/// The languages the user reads, best first, as gettext would choose its catalogs: LANGUAGE's
/// list, else LC_ALL, LC_MESSAGES or LANG ("fr_FR.UTF-8" → "fr_FR"); none for the C locale.
public enum UserLanguages {
    public static func from(_ environment: [String: String]) -> [String] {
        let locale = [environment["LC_ALL"], environment["LC_MESSAGES"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty }
        var names: [String] = []
        // GNU gettext reads LANGUAGE only when the locale is not C.
        if let locale, !isC(locale), let list = environment["LANGUAGE"], !list.isEmpty {
            names = list.split(separator: ":").map(String.init)
        }
        if let locale { names.append(locale) }
        var seen = Set<String>()
        return names.map(bare).filter { !$0.isEmpty && !isC($0) && seen.insert($0).inserted }
    }

    private static func bare(_ name: String) -> String {
        String(name.prefix { $0 != "." && $0 != "@" })
    }

    private static func isC(_ name: String) -> Bool {
        let base = bare(name)
        return base == "C" || base == "POSIX"
    }
}
