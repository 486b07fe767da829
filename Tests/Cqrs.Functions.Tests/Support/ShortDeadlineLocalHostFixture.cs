namespace Cqrs.Functions.Tests.Support;

/// <summary>The app in in-process mode with a delivery deadline of <see cref="Deadline"/>, so a test sees a delivery go overdue.</summary>
public sealed class ShortDeadlineLocalHostFixture : LocalHostFixture
{
    /// <summary>The app's <c>Deliveries:Deadline</c> setting, a second.</summary>
    public const string Deadline = "00:00:01";

    protected override Task AddSettingsAsync(Dictionary<string, string?> settings)
    {
        settings["Deliveries__Deadline"] = Deadline;
        return Task.CompletedTask;
    }
}

/// <summary>The app in Service Bus mode with a delivery deadline of a second: the broker delivers the saga's deadline, scheduled there.</summary>
public sealed class ShortDeadlineServiceBusLocalHostFixture : ServiceBusLocalHostFixture
{
    protected override async Task AddSettingsAsync(Dictionary<string, string?> settings)
    {
        await base.AddSettingsAsync(settings);
        settings["Deliveries__Deadline"] = ShortDeadlineLocalHostFixture.Deadline;
    }
}
