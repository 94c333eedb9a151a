import FeedCore
@testable import FeedMedia
import TestSupport
import XCTest

/// The player's decisions without GStreamer: each test feeds `PlayerStateMachine` the inputs a
/// playbin would give and checks what it asks for. The hangs and false failures the engine met
/// are here by name, with the commit or comment that recorded them.
final class PlayerStateMachineTests: XCTestCase {
    private let uri = "file:///clips/a.mp4"
    private var machine = PlayerStateMachine(path: .memory)

    private func feed(_ input: PlayerInput) -> [PlayerAction] { machine.handle(input) }

    /// Loads `uri` as load `source` and answers as a good clip's preroll and loop arming do.
    private func loadToReady(source: UInt64 = 1, play: Bool = false) {
        _ = feed(.load(source: source, uri: uri))
        if play { _ = feed(.play) }
        XCTAssertEqual(feed(.asyncDone), [.inspectPreroll])
        XCTAssertEqual(feed(.prerollInspected(videoStreams: 1, framesSeen: 1)), [.seek(.armLoop, .whole)])
        _ = feed(.asyncDone)
        XCTAssertEqual(machine.state.clip?.source, source)
    }

    private func failure(_ actions: [PlayerAction]) -> MediaError? {
        for case .post(.failed(_, let error)) in actions { return error }
        return nil
    }

    private func report(_ frameNs: UInt64, tracking: UInt64? = nil, durationNs: UInt64? = 10_000_000_000) -> PassReport {
        PassReport(pass: LoopPass(seamUs: 0, intervalUs: 33_333, framesDecoded: 30), lastFrameNs: frameNs, longestGapUs: 40_000,
                   tracking: tracking ?? machine.tracking, durationNs: durationNs)
    }

    // MARK: Loading

    func testALoadStopsTheOldClipThenOpensTheFileOnThePlayersPath() {
        machine = PlayerStateMachine(path: .gl)
        XCTAssertEqual(feed(.load(source: 3, uri: uri)), [.begin(source: 3, path: .gl), .post(.loading(source: 3)), .open(uri)])
        XCTAssertEqual(machine.state, .prerolling(PlayerClip(source: 3, address: uri, origin: .file, path: .gl), .stayPaused, opened: uri))
    }

    func testThePrerollArmsTheLoopAndTheArmingSeeksPrerollMakesTheClipReady() {
        _ = feed(.load(source: 1, uri: uri))
        XCTAssertEqual(feed(.asyncDone), [.inspectPreroll])
        XCTAssertEqual(feed(.prerollInspected(videoStreams: 1, framesSeen: 1)), [.seek(.armLoop, .whole)])
        guard case .armingLoop(_, .stayPaused, .underway) = machine.state else { return XCTFail("\(machine.state)") }
        XCTAssertEqual(feed(.asyncDone), [.announceReady(source: 1)])
        guard case .ready(_, .paused, awaitingSeek: false) = machine.state else { return XCTFail("\(machine.state)") }
        // A pause's own preroll is not ours to answer.
        XCTAssertEqual(feed(.asyncDone), [])
    }

    func testPlayAskedWhileLoadingPlaysOnceReady() {
        _ = feed(.load(source: 1, uri: uri))
        XCTAssertEqual(feed(.play), [], "nothing plays before the loop is armed")
        _ = feed(.asyncDone)
        _ = feed(.prerollInspected(videoStreams: 1, framesSeen: 1))
        XCTAssertEqual(feed(.asyncDone), [.announceReady(source: 1), .setPlaying])
        guard case .ready(_, .playing, _) = machine.state else { return XCTFail("\(machine.state)") }
    }

    /// 2e5e224: a WebM cut after its headers prerolled on its end with no frame, and the seek
    /// that armed its loop brought neither a frame nor an end: it sat on its spinner until the
    /// load timeout.
    func testAVideoStreamWithoutAFrameFailsAtOnceOnTheMemoryPath() {
        _ = feed(.load(source: 1, uri: uri))
        _ = feed(.asyncDone)
        let actions = feed(.prerollInspected(videoStreams: 1, framesSeen: 0))
        XCTAssertEqual(actions.first, .stop)
        XCTAssertEqual(failure(actions)?.kind, .corrupt)
        XCTAssertFalse(actions.contains { if case .seek = $0 { true } else { false } }, "no seek that waits for nothing")
        XCTAssertEqual(machine.state, .failed(source: 1))
    }

    func testAFileWithoutVideoFailsAtItsPreroll() {
        _ = feed(.load(source: 1, uri: uri))
        _ = feed(.asyncDone)
        XCTAssertEqual(failure(feed(.prerollInspected(videoStreams: 0, framesSeen: 0)))?.kind, .noVideo)
    }

    /// 9731186: a FIFO, a device or an empty file is refused before a pipeline sees it.
    func testAFileRefusedBeforeOpeningFailsWithItsOwnReason() {
        _ = feed(.load(source: 1, uri: uri))
        let problem = MediaError(kind: .unreadable, message: "Not a video file", detail: "a FIFO")
        XCTAssertEqual(feed(.openFailed(.unplayable(problem))), [.stop, .post(.failed(source: 1, problem))])
    }

    /// f1f5782: a preroll with no frame on the GL path means GL could not map one: the clip
    /// plays from memory, and GL itself being broken, so does every later clip.
    func testAFirstFrameGLCouldNotMapLeavesTheGLPathForGood() {
        machine = PlayerStateMachine(path: .gl)
        _ = feed(.load(source: 1, uri: uri))
        _ = feed(.play)
        _ = feed(.asyncDone)
        let actions = feed(.prerollInspected(videoStreams: 1, framesSeen: 0))
        guard case .tellVideoPathLeft(let detail) = actions.first else { return XCTFail("\(actions)") }
        XCTAssertTrue(detail.contains("this player uses the memory path now"), detail)
        XCTAssertEqual(Array(actions.dropFirst()), [.begin(source: 1, path: .memory), .post(.loading(source: 1)), .open(uri)])
        guard case .prerolling(let clip, .play, _) = machine.state else { return XCTFail("\(machine.state)") }
        XCTAssertEqual(clip.path, .memory)
        XCTAssertEqual(feed(.load(source: 2, uri: uri)).first, .begin(source: 2, path: .memory))
    }

    /// f1f5782: a clip whose format GL's upload cannot take (a 10-bit H.264: not-negotiated)
    /// plays from memory, and the next clip tries GL again; after a first frame the error is
    /// the clip's.
    func testAClipGLCannotTakePlaysFromMemoryAndTheNextTriesGLAgain() {
        machine = PlayerStateMachine(path: .gl)
        let error = MediaError(kind: .other, message: "failed", detail: "not-negotiated")
        let notNegotiated = GLFailure(reason: "caps", broken: false)
        _ = feed(.load(source: 1, uri: uri))
        let actions = feed(.streamFailed(error, gl: notNegotiated, framesSeen: 0))
        XCTAssertEqual(Array(actions.dropFirst()), [.begin(source: 1, path: .memory), .post(.loading(source: 1)), .open(uri)])
        XCTAssertEqual(machine.path, .gl)
        XCTAssertEqual(feed(.load(source: 2, uri: uri)).first, .begin(source: 2, path: .gl))
        XCTAssertEqual(feed(.streamFailed(error, gl: notNegotiated, framesSeen: 1)), [.stop, .post(.failed(source: 2, error))])
    }

    /// 84807f0: an ASYNC_DONE of the replaced clip's last seek, read as the new clip's preroll,
    /// failed a good video as "no video". Every load and reload begins (READY, the old messages
    /// dropped) before it opens.
    func testEveryLoadBeginsBeforeItOpens() {
        machine = PlayerStateMachine(path: .gl)
        loadToReady(play: true)
        _ = feed(.rewind)
        var lists = [feed(.load(source: 2, uri: uri))]
        lists.append(feed(.streamFailed(MediaError(kind: .other, message: "x", detail: ""), gl: GLFailure(reason: "r", broken: false),
                                        framesSeen: 0)))
        _ = feed(.soundFailed(detail: "gone"))
        lists.append(feed(.wentSilent(SoundLoss(detail: "gone", spread: true, then: .reloadIfLoading))))
        for actions in lists {
            let begin = actions.firstIndex { if case .begin = $0 { true } else { false } }
            let open = actions.firstIndex { if case .open = $0 { true } else { false } }
            XCTAssertNotNil(begin, "\(actions)")
            XCTAssertLessThan(begin ?? .max, open ?? -1, "\(actions)")
        }
    }

    // MARK: Looping

    /// 2cf2ccf: left paused as a neighbour page, a 10-frame clip was read to its end; the
    /// non-flushing seek that armed the next pass waited for the demuxer, which waited for
    /// playing, while the play command queued behind the seek: the player never took another
    /// command. A pass that ends while paused is armed once playing.
    func testAPassEndingWhilePausedIsArmedOnlyOncePlaying() {
        loadToReady()
        XCTAssertEqual(feed(.segmentDone), [], "no seek while paused")
        XCTAssertEqual(feed(.play), [.setPlaying, .seek(.nextPass, .whole)])
        XCTAssertEqual(feed(.segmentDone), [.seek(.nextPass, .whole)], "playing, the next pass follows at once")
    }

    /// 2cf2ccf and 3fb1338: the first pass can end before the arming seek has prerolled.
    func testAFirstPassEndingBeforeReadyIsArmedWhenPlayed() {
        _ = feed(.load(source: 1, uri: uri))
        _ = feed(.asyncDone)
        _ = feed(.prerollInspected(videoStreams: 1, framesSeen: 2))
        XCTAssertEqual(feed(.segmentDone), [.watchFirstPass(source: 1)])
        _ = feed(.play)
        XCTAssertEqual(feed(.asyncDone), [.announceReady(source: 1), .setPlaying, .seek(.nextPass, .whole)])
        XCTAssertEqual(feed(.firstPassWaitOver(source: 1)), [], "prerolled in time: not damaged")
    }

    /// 3fb1338: an Ogg whose every frame the decoder dropped ended its first pass while its
    /// preroll was awaited and never prerolled: it sat on its spinner until the load timeout.
    func testAFirstPassThatNeverPrerollsFailsAsDamagedAMomentLater() {
        _ = feed(.load(source: 1, uri: uri))
        _ = feed(.asyncDone)
        _ = feed(.prerollInspected(videoStreams: 1, framesSeen: 1))
        _ = feed(.segmentDone)
        XCTAssertEqual(feed(.firstPassWaitOver(source: 7)), [], "another load's wait")
        let actions = feed(.firstPassWaitOver(source: 1))
        XCTAssertEqual(failure(actions)?.kind, .corrupt)
        XCTAssertEqual(machine.state, .failed(source: 1))
    }

    /// PITFALLS (Video): a seek during preroll returns FALSE. The clip is then ready with no
    /// loop armed, plays to its end, and the EOS restarts it with a flushing seek.
    func testASeekRefusedDuringPrerollStillMakesTheClipReadyAndEOSRestartsIt() {
        _ = feed(.load(source: 1, uri: uri))
        _ = feed(.play)
        _ = feed(.asyncDone)
        _ = feed(.prerollInspected(videoStreams: 1, framesSeen: 1))
        XCTAssertEqual(feed(.seekRefused(.armLoop)), [.announceReady(source: 1), .setPlaying])
        XCTAssertEqual(feed(.asyncDone), [], "no preroll is awaited any more")
        XCTAssertEqual(feed(.endOfStream), [.seek(.restartLoop, .whole)])
    }

    /// The engine's first comment (4cb655e): a re-arm the pipeline refuses falls back to a
    /// flushing seek; one refused too leaves the clip to its EOS.
    func testANextPassRefusedFallsBackToAFlushingSeek() {
        loadToReady(play: true)
        XCTAssertEqual(feed(.segmentDone), [.seek(.nextPass, .whole)])
        XCTAssertEqual(feed(.seekRefused(.nextPass)), [.seek(.restartLoop, .whole)])
        XCTAssertEqual(feed(.seekRefused(.restartLoop)), [])
        guard case .ready(_, .playing, _) = machine.state else { return XCTFail("\(machine.state)") }
    }

    func testARewindPausesOnTheLoopsStartAndAPlayAfterItsPrerollPlays() {
        loadToReady(play: true)
        let trim = LoopRange(startNs: 1_000_000_000, stopNs: 3_000_000_000, rate: 2)
        XCTAssertEqual(feed(.setLoop(trim)), [.resetLoopTracking, .seek(.armLoop, trim)])
        XCTAssertEqual(feed(.asyncDone), [.setPlaying], "a playing clip plays on once the seek prerolled")
        XCTAssertEqual(feed(.rewind), [.setPaused, .resetLoopTracking, .seek(.armLoop, trim)])
        XCTAssertEqual(feed(.asyncDone), [], "rewound, it stays paused")
        XCTAssertEqual(feed(.play), [.setPlaying])
    }

    /// A flushing seek starts a new segment: a pass that ended while paused before it needs
    /// no arming after it.
    func testAFlushingSeekForgetsAPassThatEndedWhilePaused() {
        loadToReady()
        _ = feed(.segmentDone)
        _ = feed(.rewind)
        _ = feed(.asyncDone)
        XCTAssertEqual(feed(.play), [.setPlaying])
    }

    /// A trim set while loading applies once ready, and a reload of the clip (its sound sink
    /// replaced) keeps it.
    func testATrimSetWhileLoadingIsArmedOnceReadyAndSurvivesAReload() {
        let trim = LoopRange(startNs: 500_000_000, stopNs: nil, rate: 0.5)
        _ = feed(.load(source: 1, uri: uri))
        XCTAssertEqual(feed(.setLoop(trim)), [])
        _ = feed(.soundFailed(detail: "gone"))
        _ = feed(.wentSilent(SoundLoss(detail: "gone", spread: true, then: .reloadIfLoading)))
        _ = feed(.asyncDone)
        XCTAssertEqual(feed(.prerollInspected(videoStreams: 1, framesSeen: 1)), [.seek(.armLoop, trim)])
    }

    /// ff06abb: a loop pass measured before a rewind or a new trim (queued behind it) is not
    /// judged against the new loop.
    func testAPassMeasuredBeforeARewindIsNotJudged() {
        loadToReady(play: true)
        let before = machine.tracking
        _ = feed(.rewind)
        XCTAssertEqual(feed(.passEnded(report(9_900_000_000, tracking: before))), [], "not told as a loop of the new one")
        let pass = report(9_900_000_000)
        XCTAssertEqual(feed(.passEnded(pass)), [.post(.loop(source: 1, pass.pass))])
    }

    /// 54aae11: a truncated file wraps like a whole one; two steady passes stopping at the same
    /// point short of its length make it incomplete. 620cb6b: a trimmed loop stops early on
    /// purpose and is never judged.
    func testTwoShortPassesMakeAClipIncompleteUnlessItsLoopIsTrimmed() {
        loadToReady(play: true)
        XCTAssertEqual(feed(.passEnded(report(3_000_000_000))), [], "one short pass is not yet a verdict")
        let actions = feed(.passEnded(report(3_000_000_000)))
        XCTAssertEqual(failure(actions)?.kind, .corrupt)
        loadToReady(source: 2, play: true)
        _ = feed(.setLoop(LoopRange(startNs: 0, stopNs: 3_000_000_000)))
        _ = feed(.asyncDone)
        for _ in 0..<3 { XCTAssertEqual(feed(.passEnded(report(3_000_000_000))).count, 1) }
        XCTAssertEqual(machine.state.clip?.source, 2)
    }

    // MARK: Seeking

    /// Issue 21: the progress bar and Left and Right seek. A user's seek is a flushing segment
    /// seek from the point to the loop's end, so the next pass is armed as usual (the loop stays
    /// seamless); the pass it lands in is not a loop, and the tracker starts again.
    func testASeekGoesFromThePointToTheLoopsEndAndThePassAfterItIsALoop() {
        loadToReady(play: true)
        let before = machine.tracking
        XCTAssertEqual(feed(.seek(targetNs: 6_000_000_000)), [.resetLoopTracking, .seek(.jump(toNs: 6_000_000_000), .whole)])
        XCTAssertEqual(machine.tracking, before + 1)
        XCTAssertEqual(feed(.asyncDone), [.setPlaying], "it plays on from there")
        XCTAssertEqual(feed(.segmentDone), [.seek(.nextPass, .whole)], "the loop comes round with no gap")
        XCTAssertEqual(feed(.passEnded(report(9_900_000_000))), [], "the pass the seek landed in is not a whole one")
        let whole = report(9_900_000_000)
        XCTAssertEqual(feed(.passEnded(whole)), [.post(.loop(source: 1, whole.pass))])
    }

    /// A drag along the bar asks for many seeks: one at a time, and only the last asked while
    /// one prerolls is done after it.
    func testSeeksAskedWhileOneLandsAreOneTheLatest() {
        loadToReady()
        XCTAssertEqual(feed(.seek(targetNs: 1_000_000_000)).last, .seek(.jump(toNs: 1_000_000_000), .whole))
        XCTAssertEqual(feed(.seek(targetNs: 2_000_000_000)), [])
        XCTAssertEqual(feed(.seek(targetNs: 3_000_000_000)), [])
        XCTAssertEqual(feed(.asyncDone), [.resetLoopTracking, .seek(.jump(toNs: 3_000_000_000), .whole)])
        XCTAssertEqual(feed(.asyncDone), [], "paused, it stays paused on the frame it landed on")
        guard case .ready(_, .paused, awaitingSeek: false) = machine.state else { return XCTFail("\(machine.state)") }
        XCTAssertEqual(feed(.seek(targetNs: 4_000_000_000)).count, 2)
        XCTAssertEqual(feed(.rewind).last, .seek(.armLoop, .whole))
        XCTAssertEqual(feed(.asyncDone), [], "a rewind drops a seek waiting behind it")
    }

    /// Only a ready clip seeks, within its trim; a paused clip whose pass ended needs no arming
    /// after it; a refused seek is not awaited.
    func testASeekLandsInTheLoopOfAReadyClipOnly() {
        _ = feed(.load(source: 1, uri: uri))
        XCTAssertEqual(feed(.seek(targetNs: 1)), [], "not while loading")
        _ = feed(.asyncDone)
        _ = feed(.prerollInspected(videoStreams: 1, framesSeen: 1))
        _ = feed(.asyncDone)
        let trim = LoopRange(startNs: 2_000_000_000, stopNs: 4_000_000_000)
        _ = feed(.setLoop(trim))
        _ = feed(.asyncDone)
        XCTAssertEqual(feed(.seek(targetNs: 9_000_000_000)).last, .seek(.jump(toNs: 3_999_999_999), trim))
        XCTAssertEqual(feed(.seekRefused(.jump(toNs: 3_999_999_999))), [])
        guard case .ready(_, .paused, awaitingSeek: false) = machine.state else { return XCTFail("\(machine.state)") }
        XCTAssertEqual(feed(.seek(targetNs: 0)).last, .seek(.jump(toNs: 2_000_000_000), trim))
        _ = feed(.asyncDone)
        _ = feed(.segmentDone)
        _ = feed(.seek(targetNs: 3_000_000_000))
        _ = feed(.asyncDone)
        XCTAssertEqual(feed(.play), [.setPlaying], "the pass that ended before the seek is forgotten")
        XCTAssertEqual(SeekPurpose.jump(toNs: 5).start(in: trim), 5)
        XCTAssertEqual(SeekPurpose.armLoop.start(in: trim), 2_000_000_000)
    }

    // MARK: The window

    /// ff06abb: a clip the window gave up on stops whatever it reached: it may become ready
    /// just as the window gives up, and must not play behind the error card.
    func testAnAbandonedClipStopsAndNothingPlaysBehindTheErrorCard() {
        loadToReady()
        XCTAssertEqual(feed(.abandon(source: 9)), [], "an older load's timeout")
        XCTAssertEqual(feed(.abandon(source: 1)), [.stop])
        XCTAssertEqual(feed(.play), [])
        XCTAssertEqual(feed(.segmentDone), [])
        XCTAssertEqual(feed(.asyncDone), [])
    }

    func testAnUnloadedPlayerIgnoresTheOldClipsLateReports() {
        loadToReady(play: true)
        XCTAssertEqual(feed(.unload(source: 2)), [.release(source: 2)])
        XCTAssertEqual(feed(.segmentDone), [])
        XCTAssertEqual(feed(.passEnded(report(9_900_000_000))), [])
        XCTAssertEqual(feed(.abandon(source: 1)), [])
    }

    func testAfterShutdownNothingHappens() {
        loadToReady()
        XCTAssertEqual(feed(.shutdown), [.shutDown])
        XCTAssertEqual(feed(.play), [])
        XCTAssertEqual(feed(.soundRetryDue), [])
        XCTAssertEqual(feed(.load(source: 2, uri: uri)), [])
    }

    // MARK: Remote videos

    func testAStreamWaitsForItsLengthThenOpensItsOwnAppsrcAddress() {
        let address = "https://v.example/w/clip"
        XCTAssertEqual(feed(.loadStream(source: 4, address: address)),
                       [.begin(source: 4, path: .memory), .awaitStreamHead(source: 4)])
        let head = RemoteVideoHead(length: 1_000, contentType: "video/webm")
        XCTAssertEqual(feed(.streamHead(source: 3, .success(head))), [], "an earlier load's")
        XCTAssertEqual(feed(.streamHead(source: 4, .success(head))),
                       [.post(.loading(source: 4)), .feedStream(head), .open("appsrc://loopfeed/4.webm")])
        XCTAssertEqual(feed(.streamHead(source: 4, .success(head))), [], "opened once")
        let cut = MediaError(kind: .network, message: "The download failed.", detail: "reset")
        _ = feed(.loadStream(source: 5, address: address))
        XCTAssertEqual(feed(.streamHead(source: 5, .failure(cut))), [.stop, .post(.failed(source: 5, cut))])
    }

    // MARK: The sound

    /// 2e7f024: a sound server that goes away silences the video, never stops it: a sound error
    /// while ready swaps the sink and the clip plays on; every other player is told.
    func testASoundErrorSilencesTheVideoWithoutStoppingIt() {
        loadToReady(play: true)
        let loss = SoundLoss(detail: "pa_stream_writable_size() failed", spread: true, then: .reloadIfLoading)
        XCTAssertEqual(feed(.soundFailed(detail: loss.detail)), [.silence(loss)])
        XCTAssertEqual(feed(.wentSilent(loss)), [.spreadSoundLoss(detail: loss.detail),
                                                 .post(.sound(available: false, detail: loss.detail)), .scheduleSoundRetry])
        guard case .ready(_, .playing, _) = machine.state else { return XCTFail("\(machine.state)") }
        XCTAssertEqual(feed(.soundFailed(detail: "again")), [], "silent already")
        // A lost clock (the sink gave it) is replaced on the way back to PLAYING.
        XCTAssertEqual(feed(.clockLost), [.setPaused, .setPlaying])
        _ = feed(.pause)
        XCTAssertEqual(feed(.clockLost), [], "paused: chosen when played")
    }

    /// 2e7f024: a sink that failed while the clip was loading failed its load: the clip loads
    /// again (still to play) with the silent sink. Another player's outage (SoundOutage) is not
    /// spread again.
    func testASoundLossWhileLoadingLoadsTheClipAgainKeepingPlay() {
        _ = feed(.load(source: 1, uri: uri))
        _ = feed(.play)
        let loss = SoundLoss(detail: "gone", spread: false, then: .reloadIfLoading)
        XCTAssertEqual(feed(.soundServerGone(detail: "gone")), [.silence(loss)])
        XCTAssertEqual(feed(.wentSilent(loss)), [.post(.sound(available: false, detail: "gone")), .scheduleSoundRetry,
                                                 .begin(source: 1, path: .memory), .post(.loading(source: 1)), .open(uri)])
        guard case .prerolling(_, .play, _) = machine.state else { return XCTFail("\(machine.state)") }
    }

    /// 9e5ea50: a pulsesink that cannot reach its server fails playbin's start; the player then
    /// plays the clip silently, given its URI again (playbin forgets it once a start failed).
    func testAStartRefusedWhileTheServerIsDownOpensAgainSilently() {
        _ = feed(.load(source: 1, uri: uri))
        XCTAssertEqual(feed(.openFailed(.refused)), [.probeSoundServer])
        let silence = feed(.soundServerProbed(answers: false))
        guard case .silence(let loss) = silence.first, silence.count == 1 else { return XCTFail("\(silence)") }
        XCTAssertEqual(loss.then, .reopen)
        XCTAssertEqual(feed(.wentSilent(loss)).last, .reopen(uri))
        XCTAssertEqual(failure(feed(.openFailed(.refused)))?.kind, .notFound, "silent and still refused: the clip's fault")
    }

    func testAStartRefusedWithTheServerAnsweringIsTheClipsFault() {
        _ = feed(.load(source: 1, uri: uri))
        _ = feed(.openFailed(.refused))
        XCTAssertEqual(failure(feed(.soundServerProbed(answers: true)))?.kind, .notFound)
        _ = feed(.load(source: 2, uri: uri))
        _ = feed(.openFailed(.refused))
        _ = feed(.soundServerProbed(answers: false))
        let loss = SoundLoss(detail: "the audio sink could not open: the sound server does not answer", spread: true, then: .reopen)
        XCTAssertEqual(failure(feed(.couldNotGoSilent(loss)))?.kind, .notFound, "no silent sink to play with")
    }

    /// 2e7f024: every 2 s a silent player tries a real sink again, until one works.
    func testTheSoundIsTriedAgainUntilItComesBack() {
        _ = feed(.soundFailed(detail: "gone"))
        _ = feed(.wentSilent(SoundLoss(detail: "gone", spread: true, then: .reloadIfLoading)))
        XCTAssertEqual(feed(.soundRetryDue), [.restoreSound])
        XCTAssertEqual(feed(.soundStillGone), [.scheduleSoundRetry])
        XCTAssertEqual(feed(.soundRetryDue), [.restoreSound])
        XCTAssertEqual(feed(.soundRestored), [.post(.sound(available: true, detail: "the sound server answers again"))])
        XCTAssertEqual(machine.sound, .real)
        XCTAssertEqual(feed(.soundRetryDue), [], "nothing to put back")
    }

    // MARK: Every move

    /// The engine applies an action's answer at once, so an action that may be answered must
    /// be the last of its list (an action after it would run after the answer's). And the
    /// machine's count of loop tracker resets is the tracker's: one per begin and per reset it
    /// asks for, or every pass would be dropped as stale. A seeded walk through every input
    /// from every state the walk reaches.
    func testAnswerableActionsComeLastAndTrackingCountsTheTrackersResets() {
        let head = RemoteVideoHead(length: 10, contentType: nil)
        let error = MediaError(kind: .other, message: "x", detail: "")
        let loss = SoundLoss(detail: "d", spread: true, then: .reloadIfLoading)
        let inputs: [PlayerInput] = [
            .load(source: 1, uri: uri), .loadStream(source: 1, address: "https://a/b"), .play, .pause, .rewind,
            .unload(source: 2), .abandon(source: 1), .setLoop(LoopRange(startNs: 1, stopNs: 5, rate: 1)), .seek(targetNs: 3),
            .seekRefused(.jump(toNs: 3)),
            .soundServerGone(detail: "d"), .asyncDone, .segmentDone, .endOfStream, .clockLost, .soundFailed(detail: "d"),
            .streamFailed(error, gl: GLFailure(reason: "r", broken: false), framesSeen: 0), .streamHead(source: 1, .success(head)),
            .passEnded(report(1)), .firstPassWaitOver(source: 1), .soundRetryDue, .seekRefused(.armLoop), .seekRefused(.nextPass),
            .seekRefused(.restartLoop), .prerollInspected(videoStreams: 1, framesSeen: 1), .prerollInspected(videoStreams: 1, framesSeen: 0),
            .openFailed(.refused), .soundServerProbed(answers: false), .wentSilent(loss),
            .wentSilent(SoundLoss(detail: "d", spread: true, then: .reopen)), .couldNotGoSilent(loss), .soundRestored, .soundStillGone,
        ]
        var random = SeededRandom(seed: 20)
        for walk in 0..<200 {
            machine = PlayerStateMachine(path: walk.isMultiple(of: 2) ? .gl : .memory)
            var resets: UInt64 = 0
            for _ in 0..<40 {
                let actions = feed(inputs[Int(random.next() % UInt64(inputs.count))])
                let answered = actions.indices.filter { actions[$0].mayBeAnswered }
                XCTAssertTrue(answered.isEmpty || answered == [actions.count - 1], "\(actions)")
                resets += UInt64(actions.filter { if case .begin = $0 { true } else { $0 == .resetLoopTracking } }.count)
                XCTAssertEqual(machine.tracking, resets, "\(actions)")
            }
        }
    }
}
