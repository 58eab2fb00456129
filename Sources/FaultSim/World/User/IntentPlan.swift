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
    /// its quantile.
    var patienceDraw = DeferredUniform(position: 0)
    var switchDelayDraw = DeferredUniform(position: 0)
    var cancelDraw = DeferredUniform(position: 0)
    var doubleTapDraw = DeferredUniform(position: 0)
    var switchDraw = DeferredUniform(position: 0)
    /// Whether the intent is bought outside the app: taken after the rest of the plan
    /// (`User.planWhereBought`), decided when the intents are scheduled.
    var outsideAppDraw = DeferredUniform(position: 0)
}
