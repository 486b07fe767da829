namespace Cqrs.Functions.Benchmark;

/// <summary>The plans whose price a benchmark's ops per dollar can be figured against.</summary>
public enum PricePlan
{
    /// <summary>Basic B1, Windows: 0.075 USD an hour.</summary>
    B1Windows,

    /// <summary>Basic B1, Linux: 0.018 USD an hour.</summary>
    B1Linux,

    /// <summary>
    /// Consumption: 0.000016 USD per GB-s; one instance kept busy for an hour at its 1.5 GB ceiling is 0.0864 USD
    /// (executions, 0.20 USD per million, are calls of the function, not operations, and are left out).
    /// </summary>
    Consumption,
}
