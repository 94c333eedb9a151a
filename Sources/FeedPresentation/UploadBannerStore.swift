public import FeedCore
import Foundation
import Localization

/// The upload banner's words: the newest upload to a channel, with its percentage and time
/// left while bytes go, why it waits, "Processing on the server" until the server publishes
/// it, and how it ended. Cancel stops it (the local post stays). FeedUI's UploadBanner binds it.
@MainActor
public final class UploadBannerStore {
    public struct Shown: Equatable, Sendable {
        public var text: String
        /// 0...1 while bytes go; nil when the bar has nothing to say.
        public var fraction: Double?
        /// The upload may still be stopped.
        public var canCancel: Bool
        /// It ended (the banner goes after a while).
        public var isOver: Bool
    }

    public private(set) var shown: Shown? { didSet { if shown != oldValue { onChange?() } } }
    public var onChange: (@MainActor () -> Void)?
    private let uploads: any PostUploading
    private let clock: any MonotonicClock
    private var current: UploadRecord.ID?
    private var rate = UploadRateMeter()

    public init(uploads: any PostUploading, clock: any MonotonicClock) {
        self.uploads = uploads
        self.clock = clock
        uploads.observe { [weak self] upload, cancelled in self?.changed(upload, cancelled: cancelled) }
        if let going = uploads.uploads.last(where: { !$0.state.isOver }) { changed(going, cancelled: false) }
    }

    public func cancel() {
        guard let current else { return }
        uploads.cancel(current)
    }

    private func changed(_ upload: UploadRecord, cancelled: Bool) {
        if upload.id != current {
            // An older one moving on does not take the banner from a newer one still going.
            if let current, current > upload.id, uploads.uploads.contains(where: { $0.id == current && !$0.state.isOver }) {
                return
            }
            current = upload.id
            rate.reset()
        }
        let account = Self.handle(upload.account)
        if cancelled {
            shown = Shown(text: tr("Upload cancelled. Your post stays on this computer."), fraction: nil, canCancel: false,
                          isOver: true)
            return
        }
        switch upload.state {
        case .starting:
            shown = Shown(text: tr("Uploading to {account}…", ["account": account]), fraction: 0, canCancel: true, isOver: false)
        case .sending:
            let percent = Int((upload.fraction * 100).rounded(.down))
            var text = tr("Uploading to {account}: {percent} %", ["account": account, "percent": LocaleNumbers.whole(percent)])
            if let left = rate.secondsLeft(nowMicroseconds: clock.nowMicroseconds(), bytes: upload.bytesOnServer,
                                           total: upload.total) {
                // TRANSLATORS: appended to the upload's progress; {time} is like “about 2 min”.
                text += " · " + tr("{time} left", ["time": Self.duration(left)])
            }
            shown = Shown(text: text, fraction: upload.fraction, canCancel: true, isOver: false)
        case .waiting(_, let reason):
            rate.reset()
            // Loops keeps nothing of a broken upload (its bytes are back to 0), nor does a server before the first chunk.
            let text = upload.bytesOnServer > 0
                ? tr("The upload to {account} waits ({reason}); it goes on by itself from where it stopped.",
                     ["account": account, "reason": reason])
                : tr("The upload to {account} waits ({reason}); it tries again by itself, from the start.",
                     ["account": account, "reason": reason])
            shown = Shown(text: text, fraction: upload.fraction, canCancel: true, isOver: false)
        case .processing:
            shown = Shown(text: tr("Processing on the server ({account})…", ["account": account]), fraction: nil,
                          canCancel: false, isOver: false)
        case .published:
            shown = Shown(text: tr("Posted to {account}. Share copies its page.", ["account": account]), fraction: nil,
                          canCancel: false, isOver: true)
        case .failed(let reason):
            shown = Shown(text: tr("Not posted to {account}: {reason} Your post stays on this computer.",
                                   ["account": account, "reason": reason]), fraction: nil, canCancel: false, isOver: true)
        }
    }

    /// "about 40 s", "about 3 min".
    static func duration(_ seconds: Double) -> String {
        if seconds < 60 {
            return tr("about {seconds} s", ["seconds": LocaleNumbers.whole(max(1, Int(seconds.rounded(.up))))])
        }
        return tr("about {minutes} min", ["minutes": LocaleNumbers.whole(Int((seconds / 60).rounded(.up)))])
    }

    static func handle(_ account: AccountKey) -> String {
        "\(account.name)@\(URL(string: account.server).flatMap { RemoteHost.host(of: $0) } ?? account.server)"
    }
}
