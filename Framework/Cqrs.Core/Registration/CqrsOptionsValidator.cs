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

        AddUnknownHandlers(errors, nameof(ReceiveOptions.Handlers), options.Receive.Handlers);
        AddUnknownHandlers(errors, nameof(ReceiveOptions.ExceptHandlers), options.Receive.ExceptHandlers);
        return errors.Count == 0 ? ValidateOptionsResult.Success : ValidateOptionsResult.Fail(errors);
    }

    /// <summary>A name that stands for no handler is a typo or a handler since renamed: its messages would go unhandled.</summary>
    private void AddUnknownHandlers(List<string> errors, string list, IList<string> names)
    {
        var handlers = builder.Registries.SelectMany(registry => registry.Handlers).Where(handler => handler.Kind != MessageKind.Query).ToList();
        foreach (var name in names.Where(name => !handlers.Any(handler => HandlerSelection.Matches(name, handler))))
        {
            var known = handlers.Select(handler => handler.Name).Distinct().Order(StringComparer.Ordinal).ToList();
            errors.Add(
                $"{nameof(CqrsOptions.Receive)}:{list} names '{name}', which is no command or event handler here: name a handler by its type's full name, " +
                $"or a saga by its wire name. {(known.Count == 0 ? "There are no handlers." : $"The handlers are: {string.Join(", ", known)}.")}");
        }
    }
}
