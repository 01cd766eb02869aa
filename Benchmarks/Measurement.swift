/// Timing figures of one case, in nanoseconds per dispatch.
struct Timing: Sendable {
  let median: Double
  let min: Double
  let max: Double
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
  let elapsed = start.duration(to: .now)
  return Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
}

/// Warms up, sizes the samples, then takes them; the median and the spread come from the samples.
@MainActor
func measure(_ runner: Runner, plan: MeasurementPlan) async -> Timing {
  // Warm up, doubling the batch until the warm-up time is spent; the last batch sizes a sample.
  var batch = 64
  var spent = 0.0
  var perDispatch = 1.0
  while spent < plan.warmUpNanoseconds {
    let elapsed = await nanoseconds { await runner.run(batch) }
    spent += elapsed
    perDispatch = max(elapsed / Double(batch), 0.01)
    if elapsed < plan.warmUpNanoseconds / 4 { batch *= 2 }
  }
  let perSample = max(1, Int(plan.sampleNanoseconds / perDispatch))
  var figures: [Double] = []
  for _ in 0..<plan.samples {
    figures.append(await nanoseconds { await runner.run(perSample) } / Double(perSample))
  }
  figures.sort()
  return Timing(median: figures[figures.count / 2], min: figures.first!, max: figures.last!)
}
