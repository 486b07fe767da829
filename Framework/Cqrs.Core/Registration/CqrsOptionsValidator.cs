using Microsoft.Extensions.Options;

namespace Cqrs;

/// <summary>Rejects settings that cannot work, at start rather than on the first message.</summary>
internal sealed class CqrsOptionsValidator(CqrsBuilder builder) : IValidateOptions<CqrsOptions>
{
    public ValidateOptionsResult Validate(string? name, CqrsOptions options)
    {
        List<string> errors = [];
        if (options.HandlerLifetime != builder.HandlerLifetime)
        {
            errors.Add($"{nameof(CqrsOptions.HandlerLifetime)} is {builder.HandlerLifetime}, fixed when AddCqrs was first called; set {options.HandlerLifetime} in its configure delegate or in the configuration section passed to it.");
        }

        if (options.MaxMessageBytes <= 0)
        {
            errors.Add($"{nameof(CqrsOptions.MaxMessageBytes)} must be positive.");
        }

        if (options.Retry.ImmediateRetries < 0)
        {
            errors.Add($"{nameof(RetryOptions.ImmediateRetries)} must not be negative.");
        }

        if (options.Retry.Delays.Any(delay => delay < TimeSpan.Zero))
        {
            errors.Add($"{nameof(RetryOptions.Delays)} must not hold negative delays.");
        }

        if (options.InProcess.Concurrency < 1)
        {
            errors.Add($"{nameof(InProcessOptions)}.{nameof(InProcessOptions.Concurrency)} must be at least 1.");
        }

        if (options.InProcess.MaxInFlight < 1)
        {
            errors.Add($"{nameof(InProcessOptions)}.{nameof(InProcessOptions.MaxInFlight)} must be at least 1.");
        }

        if (options.InProcess.MaxQueuedMessages < 1)
        {
            errors.Add($"{nameof(InProcessOptions)}.{nameof(InProcessOptions.MaxQueuedMessages)} must be at least 1.");
        }

        if (options.InProcess.DeadLetterCapacity < 1)
        {
            errors.Add($"{nameof(InProcessOptions)}.{nameof(InProcessOptions.DeadLetterCapacity)} must be at least 1.");
        }

        return errors.Count == 0 ? ValidateOptionsResult.Success : ValidateOptionsResult.Fail(errors);
    }
}
