using Microsoft.Extensions.Options;

namespace Cqrs.EventSourcing;

/// <summary>Checks <see cref="EventSourcingOptions"/> when the host starts.</summary>
internal sealed class EventSourcingOptionsValidator : IValidateOptions<EventSourcingOptions>
{
    public ValidateOptionsResult Validate(string? name, EventSourcingOptions options)
    {
        List<string> failures = [];
        if (options.SnapshotEvery < 0)
        {
            failures.Add($"{nameof(options.SnapshotEvery)} must be 0 (off) or more; it is {options.SnapshotEvery}.");
        }

        if (options.ConflictRetries < 0)
        {
            failures.Add($"{nameof(options.ConflictRetries)} must be 0 or more; it is {options.ConflictRetries}.");
        }

        if (options.OutboxSweepInterval <= TimeSpan.Zero)
        {
            failures.Add($"{nameof(options.OutboxSweepInterval)} must be positive; it is {options.OutboxSweepInterval}.");
        }

        if (options.OutboxBatchSize <= 0)
        {
            failures.Add($"{nameof(options.OutboxBatchSize)} must be positive; it is {options.OutboxBatchSize}.");
        }

        if (options.InboxRetention <= TimeSpan.Zero)
        {
            failures.Add($"{nameof(options.InboxRetention)} must be positive; it is {options.InboxRetention}.");
        }

        if (options.InboxPurgeInterval <= TimeSpan.Zero)
        {
            failures.Add($"{nameof(options.InboxPurgeInterval)} must be positive; it is {options.InboxPurgeInterval}.");
        }

        if (options.InboxClaimDuration <= TimeSpan.Zero)
        {
            failures.Add($"{nameof(options.InboxClaimDuration)} must be positive; it is {options.InboxClaimDuration}.");
        }

        return failures.Count == 0 ? ValidateOptionsResult.Success : ValidateOptionsResult.Fail(failures);
    }
}
