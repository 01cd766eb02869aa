/// Timing figures of one case, in nanoseconds per dispatch, and its ratios to the floor.
struct Timing: Sendable {
  let median: Double
  let min: Double
  let max: Double
  /// Per round: the scenario's sample over the floor's sample taken right before it. The floor
  /// is measured in every round, next to the scenario, so a machine that slows down in the
  /// middle of a run moves both and leaves the ratio where it was.
  let ratios: Ratios

  struct Ratios: Sendable {
    let median: Double
    let best: Double
    let worst: Double
  }
}

/// How long and how often to measure.
struct MeasurementPlan: Sendable {
  /// Wall time one sample should take; the dispatch count per sample is set to reach it.
  let sampleNanoseconds: Double
  let samples: Int
  let warmUpNanoseconds: Double

  static let full = MeasurementPlan(sampleNanoseconds: 20_000_000, samples: 15, warmUpNanoseconds: 50_000_000)
  static let quick = MeasurementPlan(sampleNanoseconds: 2_000_000, samples: 5, warmUpNanoseconds: 5_000_000)
}

@MainActor
func nanoseconds(_ body: () async -> Void) async -> Double {
  let start = ContinuousClock.now
  await body()
  return start.duration(to: .now).nanoseconds
}

extension Duration {
  /// The duration in nanoseconds, as the report prints times.
  var nanoseconds: Double { Double(components.seconds) * 1e9 + Double(components.attoseconds) / 1e9 }
}

/// Warms up `runner` and returns how many dispatches make one sample of `sampleNanoseconds`.
@MainActor
func sampleSize(_ runner: Runner, sampleNanoseconds: Double, warmUpNanoseconds: Double) async -> Int {
  // Warm up, doubling the batch until the warm-up time is spent; the last batch sizes a sample.
  var batch = 64
  var spent = 0.0
  var perDispatch = 1.0
  while spent < warmUpNanoseconds {
    let elapsed = await nanoseconds { await runner.run(batch) }
    spent += elapsed
    perDispatch = max(elapsed / Double(batch), 0.01)
    if elapsed < warmUpNanoseconds / 4 { batch *= 2 }
  }
  return max(1, Int(sampleNanoseconds / perDispatch))
}

/// Warms up, sizes the samples, then takes them in rounds: in each round a sample of the floor,
/// then one of the scenario. The median and the spread come from the scenario's samples, the
/// ratios from each round's pair.
@MainActor
func measure(_ runner: Runner, against floor: Runner, plan: MeasurementPlan) async -> Timing {
  let floorSample = await sampleSize(
    floor, sampleNanoseconds: plan.sampleNanoseconds / 4, warmUpNanoseconds: plan.warmUpNanoseconds / 4)
  let perSample = await sampleSize(
    runner, sampleNanoseconds: plan.sampleNanoseconds, warmUpNanoseconds: plan.warmUpNanoseconds)
  var figures: [Double] = []
  var ratios: [Double] = []
  for _ in 0..<plan.samples {
    let floorFigure = await nanoseconds { await floor.run(floorSample) } / Double(floorSample)
    let figure = await nanoseconds { await runner.run(perSample) } / Double(perSample)
    figures.append(figure)
    ratios.append(figure / floorFigure)
  }
  figures.sort()
  ratios.sort()
  return Timing(
    median: figures[figures.count / 2], min: figures.first!, max: figures.last!,
    ratios: Timing.Ratios(median: ratios[ratios.count / 2], best: ratios.first!, worst: ratios.last!))
}
