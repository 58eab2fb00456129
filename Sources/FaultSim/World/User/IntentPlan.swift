/// One purchase intent as the user plans it, drawn when the run starts and identical for
/// every design.
struct IntentPlan: Sendable {
    var startAt: SimTime = 0
    var product: Int32 = 0
    var item: Int32 = 0
    var sheetTime: SimTime = 0
    /// Uniforms of durations and decisions not every run uses (patience only behind a modal,
    /// the switch delay only when the account switches): drawn in the plan, turned into
    /// durations when used, so a run that never uses them skips the quantile.
    var patienceDraw = 0.0
    var switchDelayDraw = 0.0
    var cancelDraw = 0.0
    var doubleTapDraw = 0.0
    var switchDraw = 0.0
    /// Whether the intent is bought outside the app: drawn after the rest of the plan
    /// (`User.planWhereBought`), decided when the intents are scheduled.
    var outsideAppDraw = 0.0
}
