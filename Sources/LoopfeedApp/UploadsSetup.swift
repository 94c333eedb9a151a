import FeedCore
import FeedPresentation
import FeedSources
import FeedStorage
import Foundation
import Localization
import MainLoopServices

/// Posts to the accounts' PeerTube channels, made once for the whole app over the one HTTP
/// client and the library's uploads table; what was under way when the app last stopped goes
/// on from the server's byte.
@MainActor
enum UploadsSetup {
    static func make(http: any HTTPTransport, library: SQLiteFeedRepository, accounts: AccountsStore,
                     events: (any EventSink)?, notices: WindowNotices) -> UploadService {
        let uploads = UploadService(.init(
            http: http, store: UploadStore(connection: library.connection), accounts: accounts, timers: MainLoopTimers(),
            events: events,
            signedIn: { accounts.rows.map { AccountKey(server: $0.account.server, name: $0.account.username) } }))
        do {
            try uploads.start()
        } catch {
            notices.say(kind: "upload", tr("Your uploads could not be read from the library: {error}", ["error": error]))
        }
        return uploads
    }

}
