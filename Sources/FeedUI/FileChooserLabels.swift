import GtkKit
import Localization

/// The file chooser's words in the user's language.
extension FileChooser.Labels {
    /// Opening files, `filter` naming the kind offered first ("Videos").
    static func opening(_ filter: String) -> Self {
        // TRANSLATORS: the file chooser's buttons (the underscore marks the access key) and its "every file" filter.
        Self(accept: tr("_Open"), cancel: tr("_Cancel"), filter: filter, allFiles: tr("All files"))
    }

    /// Choosing a folder of videos to add.
    static var addingFolder: Self {
        // TRANSLATORS: the folder chooser's buttons (the underscore marks the access key).
        Self(accept: tr("_Add"), cancel: tr("_Cancel"))
    }

    /// Choosing where to save.
    static var saving: Self {
        // TRANSLATORS: the save chooser's buttons (the underscore marks the access key).
        Self(accept: tr("_Save"), cancel: tr("_Cancel"))
    }
}
