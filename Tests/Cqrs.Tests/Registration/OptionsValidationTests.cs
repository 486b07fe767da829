using Cqrs.Tests.Support;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace Cqrs.Tests.Registration;

/// <summary>Settings that cannot work are rejected when the buses are first used, not on the first message.</summary>
public sealed class OptionsValidationTests
{
    private static readonly Dictionary<string, Action<CqrsOptions>> Breakages = new()
    {
        ["InProcessOptions.Concurrency"] = options => options.InProcess.Concurrency = 0,
        ["InProcessOptions.MaxInFlight"] = options => options.InProcess.MaxInFlight = 0,
        ["InProcessOptions.DeadLetterCapacity"] = options => options.InProcess.DeadLetterCapacity = 0,
        ["ImmediateRetries"] = options => options.Retry.ImmediateRetries = -1,
        ["Delays"] = options => options.Retry.Delays = [TimeSpan.FromSeconds(1), TimeSpan.FromSeconds(-1)],
        ["MaxMessageBytes"] = options => options.MaxMessageBytes = 0,
    };

    [Theory]
    [InlineData("InProcessOptions.Concurrency")]
    [InlineData("InProcessOptions.MaxInFlight")]
    [InlineData("InProcessOptions.DeadLetterCapacity")]
    [InlineData("ImmediateRetries")]
    [InlineData("Delays")]
    [InlineData("MaxMessageBytes")]
    public async Task FirstUse_WithInvalidSetting_ThrowsOptionsValidationException(string setting)
    {
        await using var provider = TestHost.Create(Breakages[setting]);

        var error = Assert.Throws<OptionsValidationException>(() => provider.GetRequiredService<ICommandBus>());

        Assert.Contains(error.Failures, failure => failure.StartsWith(setting + " ", StringComparison.Ordinal));
    }
}
