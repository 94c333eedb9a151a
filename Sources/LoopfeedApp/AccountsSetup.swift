import FeedCore
import FeedPresentation
import FeedSources
import FeedStorage
import Foundation
import GLibKit
import KeyringKit
import Localization
import MainLoopServices
import SoupKit

/// The accounts the user signs in to, made once for the whole app: PeerTube's and Loops'
/// sign-ins over the one HTTP client, Loops' answer taken on a one-time listener on 127.0.0.1
/// and its page opened in the desktop's browser (GIO, through the portal where there is one),
/// the tokens in the desktop's keyring, this session's memory where none answers.
@MainActor
enum AccountsSetup {
    static func make(http: any HTTPTransport, library: SQLiteFeedRepository, events: (any EventSink)?,
                     notices: WindowNotices) -> AccountsStore {
        let timers = MainLoopTimers()
        let loops = LoopsSignIn(.init(http: http, timers: timers, listen: { state, answer in
            try? LoopbackRedirectListener(state: state, page: { succeeded in
                let words = succeeded ? tr("You are signed in: go back to Loopfeed.")
                                      : tr("The sign-in was not approved. You can close this page.")
                return "<!DOCTYPE html><meta charset=\"utf-8\"><title>Loopfeed</title><p>\(Markup.escape(words))</p>"
            }, then: answer)
        }, openBrowser: { page in
            AppLauncher.openDefault(uri: page.absoluteString) { result in
                if case .failure(let error) = result {
                    notices.say(kind: "accounts", tr("Your browser could not be opened to sign in: {error}", ["error": error.message]))
                }
            }
        }))
        let service = AccountService(http: http, peertube: PeerTubeSignIn(http: http), loops: loops)
        return AccountsStore(.init(service: service, records: library, keyring: KeyringSecretStore(),
                                   sessionSecrets: SessionSecretStore(timers: timers), events: events))
    }
}
