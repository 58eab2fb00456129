/// One purchase intent as the user plans it, drawn when the run starts and identical for
/// every design.
struct IntentPlan: Sendable {
    var startAt: SimTime = 0
    var product: Int32 = 0
    var item: Int32 = 0
    var sheetTime: SimTime = 0
    /// Uniforms of durations and decisions not every run uses (patience only behind a modal,
    /// the switch delay only when the account switches): taken in the plan, in its order, and
    /// computed when used (`DeferredUniform`), so a run that never uses one skips its mix and
    /// its quantile. The five are consecutive draws of the plan stream, so the first one's
    /// position and the stream's step name them all: the plan stores two words, not five.
    var patienceDraw = DeferredUniform(position: 0)
    var gamma: UInt64 = 0
    var switchDelayDraw: DeferredUniform { @inline(__always) get { draw(1) } }
    var cancelDraw: DeferredUniform { @inline(__always) get { draw(2) } }
    var doubleTapDraw: DeferredUniform { @inline(__always) get { draw(3) } }
    var switchDraw: DeferredUniform { @inline(__always) get { draw(4) } }

    /// The draw `offset` places after the patience draw.
    @inline(__always)
    private func draw(_ offset: UInt64) -> DeferredUniform {
        DeferredUniform(position: patienceDraw.position &+ offset &* gamma)
    }

    /// Whether the intent is bought outside the app: taken after the rest of the plan
    /// (`User.planWhereBought`), decided when the intents are scheduled.
    var outsideAppDraw = DeferredUniform(position: 0)
    /// Whether the user asks Apple for a refund if the goods have not come, and when: taken
    /// after every intent's `outsideAppDraw`, decided when the run is judged (`World.judgeRefunds`).
    var refundDraw = DeferredUniform(position: 0)
    var refundDelayDraw = DeferredUniform(position: 0)
}
