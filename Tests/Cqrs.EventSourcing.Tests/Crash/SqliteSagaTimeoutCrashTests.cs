namespace Cqrs.EventSourcing.Tests.Crash;

/// <summary>The saga timeout crash test over a SQLite file in the test's directory.</summary>
public sealed class SqliteSagaTimeoutCrashTests : SagaTimeoutCrashTests
{
    protected override string[] StoreArguments => [];
}
