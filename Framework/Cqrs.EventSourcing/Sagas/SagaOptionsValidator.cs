using Microsoft.Extensions.Options;

namespace Cqrs.EventSourcing;

/// <summary>Checks <see cref="SagaOptions"/> when the host starts.</summary>
internal sealed class SagaOptionsValidator : IValidateOptions<SagaOptions>
{
    public ValidateOptionsResult Validate(string? name, SagaOptions options)
    {
        List<string> failures = [];
        if (!Enum.IsDefined(options.NotFound))
        {
            failures.Add($"{nameof(options.NotFound)} must be {nameof(SagaNotFound.Ignore)} or {nameof(SagaNotFound.DeadLetter)}; it is {options.NotFound}.");
        }

        if (options.ConflictRetries < 0)
        {
            failures.Add($"{nameof(options.ConflictRetries)} must be 0 or more; it is {options.ConflictRetries}.");
        }

        if (options.RememberedMessages <= 0)
        {
            failures.Add($"{nameof(options.RememberedMessages)} must be positive; it is {options.RememberedMessages}.");
        }

        if (options.TimeoutPollInterval <= TimeSpan.Zero)
        {
            failures.Add($"{nameof(options.TimeoutPollInterval)} must be positive; it is {options.TimeoutPollInterval}.");
        }

        if (options.TimeoutBatchSize <= 0)
        {
            failures.Add($"{nameof(options.TimeoutBatchSize)} must be positive; it is {options.TimeoutBatchSize}.");
        }

        if (options.CompletedRetention <= TimeSpan.Zero && options.CompletedRetention != Timeout.InfiniteTimeSpan)
        {
            failures.Add($"{nameof(options.CompletedRetention)} must be positive, or Timeout.InfiniteTimeSpan to keep completed sagas; it is {options.CompletedRetention}.");
        }

        if (options.CompletedPurgeInterval <= TimeSpan.Zero)
        {
            failures.Add($"{nameof(options.CompletedPurgeInterval)} must be positive; it is {options.CompletedPurgeInterval}.");
        }

        return failures.Count == 0 ? ValidateOptionsResult.Success : ValidateOptionsResult.Fail(failures);
    }
}
