using FluentValidation;
using FluentValidation.Results;

namespace Cqrs.Benchmarks.Micro.Validation;

/// <summary>
/// How the peers' users run FluentValidation in a pipeline: every validator of the message type, asynchronously,
/// its failures gathered into one <see cref="ValidationException"/> before the handler runs. Resolved as a singleton,
/// as every peer service here, so the validators are looked up once and not on each message. Thread-safe.
/// </summary>
internal sealed class MessageValidation<T>(IEnumerable<IValidator<T>> validators)
{
    private readonly IValidator<T>[] _validators = [.. validators];

    /// <exception cref="ValidationException">The message fails a rule.</exception>
    public async ValueTask ThrowIfInvalidAsync(T message, CancellationToken cancellationToken)
    {
        List<ValidationFailure>? failures = null;
        foreach (var validator in _validators)
        {
            var result = await validator.ValidateAsync(message, cancellationToken).ConfigureAwait(false);
            if (!result.IsValid)
            {
                (failures ??= []).AddRange(result.Errors);
            }
        }

        if (failures is not null)
        {
            throw new ValidationException(failures);
        }
    }
}
