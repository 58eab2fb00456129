@testable import FaultSim
import Testing

/// The specialised event queue (issue 31) against the queue it replaced
/// (`ReferenceEventQueue`): the same schedulings and pops give the same events in the same
/// order, with ties in insertion order, over thousands of schedulings a run, across the linear-scan limit both
/// ways, and across runs.
@Suite("Event queue against the reference queue")
struct EventQueueTests {
    /// A payload that names its scheduling, so a pop says which event it is.
    func event(_ label: Int32) -> WorldEvent {
        switch label % 3 {
        case 0: .intentStart(intent: label)
        case 1: .buyTap(intent: label, epoch: -label, payment: 1)
        default: .failedCallback(intent: label, epoch: 7, cancelled: true, firstCallback: false)
        }
    }

    func label(_ event: Event) -> Int32 {
        switch event.payload {
        case .intentStart(let intent), .buyTap(let intent, _, _), .failedCallback(let intent, _, _, _): intent
        default: -1
        }
    }

    /// Interleaves schedulings and pops (the reference from 1 slot, so it grows often), in phases that
    /// grow the pending count past the linear-scan limit and shrink it back; times are drawn
    /// from a small range so that ties are frequent.
    @Test("The same events in the same order as the reference, ties by insertion, over thousands of schedulings", arguments: [1, 5, 42])
    func sameOrderAsReference(seed: UInt64) {
        var queue = EventQueue()
        var reference = ReferenceEventQueue(capacity: 1)
        var generator = Xoshiro256(seed: seed)
        for run in 0..<4 {
            queue.reset()
            reference.reset()
            var scheduled: Int32 = 0
            for step in 0..<6_000 {
                let growing = (step / 300 + run) % 2 == 0
                if reference.isEmpty || generator.nextInt(below: 4) < (growing ? 3 : 1) {
                    let time = queue.now + SimTime(generator.nextInt(below: run == 3 ? 1 : 30))
                    queue.schedule(event(scheduled), at: time)
                    reference.schedule(event(scheduled), at: time)
                    scheduled += 1
                } else {
                    let mine = queue.pop()!, theirs = reference.pop()!
                    #expect(mine.key == theirs.key && label(mine) == label(theirs) && queue.now == reference.now)
                }
                #expect(queue.count == reference.count && queue.nextTime == reference.nextTime)
                queue._checkInvariants()
            }
            while let theirs = reference.pop() {
                let mine = queue.pop()
                #expect(mine?.key == theirs.key && mine.map(label) == label(theirs))
            }
            let after = queue.pop()
            #expect(after == nil && queue.isEmpty)
        }
    }

    /// A copy shares the storage until its next reset, which takes private storage: the copy's
    /// run leaves the original's pending events alone.
    @Test("A copy's run leaves the original's storage alone")
    func copiesAreValues() {
        var original = EventQueue()
        original.reset()
        for label in Int32(0)..<5 { original.schedule(event(label), at: SimTime(10 - label)) }
        var copy = original
        let shared = copy.reset()
        #expect(shared)
        for label in Int32(100)..<140 { copy.schedule(event(label), at: 1) }
        var popped: [Int32] = []
        while let next = original.pop() { popped.append(label(next)) }
        #expect(popped == [4, 3, 2, 1, 0])
        let sharedAfter = original.reset()
        #expect(!sharedAfter)
    }
}
