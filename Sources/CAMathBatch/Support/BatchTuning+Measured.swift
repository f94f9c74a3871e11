extension BatchTuning {
    /// PLACEHOLDER until measured.
    public static let measured = BatchTuning(threadingThreshold: [:], blasCrossover: [:])
}
