import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// The Preferences window's decisions over an in-memory store.
final class PreferencesEditorTests: XCTestCase {
    private static let videos = URL(fileURLWithPath: "/home/u/Videos")

    func testLibraryFoldersAreNormalisedAndNeverNested() {
        onMain {
            let store = InMemoryPreferencesStore()
            let editor = PreferencesEditor(store: store, videosFolder: Self.videos, folderExists: { _ in true })
            var changes: [[String]] = []
            editor.onLibraryFoldersChanged = { changes.append($0) }
            XCTAssertEqual(editor.addFolder("/home/u/Videos/phone/"), .added)
            XCTAssertEqual(editor.addFolder("/home/u/Videos/phone"), .alreadyWatched)
            XCTAssertEqual(editor.addFolder("/home/u/Videos/phone/2024"), .inside("/home/u/Videos/phone"))
            XCTAssertEqual(editor.addFolder("/home/u/Videos"), .added, "a folder above takes the place of those inside it")
            XCTAssertEqual(store.load().libraryFolders, ["/home/u/Videos"])
            XCTAssertEqual(changes, [["/home/u/Videos/phone"], ["/home/u/Videos"]])
            editor.removeFolder("/home/u/Videos/")
            XCTAssertEqual(store.load().libraryFolders, [])
            XCTAssertEqual(PreferencesEditor.message(for: .inside("/a"), folder: "/a/b"),
                           "/a/b is inside /a, which is in your library already.")
        }
    }

    func testVideosIsOfferedOnlyWhileItExistsAndIsNotCovered() {
        onMain {
            var exists = false
            let editor = PreferencesEditor(store: InMemoryPreferencesStore(), videosFolder: Self.videos,
                                           folderExists: { _ in exists })
            XCTAssertNil(editor.suggestedFolder, "no ~/Videos on this machine")
            exists = true
            XCTAssertEqual(editor.suggestedFolder, "/home/u/Videos")
            _ = editor.addFolder("/home/u")
            XCTAssertNil(editor.suggestedFolder, "a folder above it covers it")
        }
    }

    func testTheRecordingLimitTakesOnlyTheRecordersChoices() {
        onMain {
            let store = InMemoryPreferencesStore()
            let editor = PreferencesEditor(store: store, videosFolder: Self.videos, folderExists: { _ in true })
            var told: [Int] = []
            editor.onRecordingLimitChanged = { told.append($0) }
            editor.setRecordingLimit(180)
            editor.setRecordingLimit(42)
            editor.setRecordingLimit(180)
            XCTAssertEqual(store.load().recordingLimitSeconds, 180)
            XCTAssertEqual(told, [180], "an unknown limit, or the same again, changes nothing")
            editor.setSaveCopy(true)
            XCTAssertTrue(store.load().saveCopyToVideos)
        }
    }
}
