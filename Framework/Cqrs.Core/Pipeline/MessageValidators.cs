using FluentValidation;
using FluentValidation.Results;

namespace Cqrs.Pipeline;

/// <summary>
/// The FluentValidation validators of one message or query type, run in turn, their failures collected. A validator
/// runs synchronously until it turns out to hold an asynchronous rule or condition (<c>MustAsync</c>, <c>WhenAsync</c>,
/// ...), which FluentValidation refuses to run synchronously; from then on that validator runs asynchronously. So
/// validators without asynchronous rules cost no task. Thread-safe.
/// </summary>
internal sealed class MessageValidators<T>(IValidator<T>[] validators)
{
    public static readonly MessageValidators<T> None = new([]);

    /// <summary>Set once a validator has refused a synchronous call; a race only costs another refusal.</summary>
    private readonly bool[] _asynchronous = new bool[validators.Length];

    /// <summary>Every failure of every validator, or null when <paramref name="message"/> is valid.</summary>
    public ValueTask<List<ValidationFailure>?> ValidateAsync(T message, CancellationToken cancellationToken)
    {
        List<ValidationFailure>? failures = null;
        for (var index = 0; index < validators.Length; index++)
        {
            var result = TryValidateSynchronously(index, message);
            if (result is null)
            {
                return ValidateFromAsync(index, message, failures, cancellationToken);
            }

            failures = Collect(result, failures);
        }

        return new(failures);
    }

    /// <exception cref="ValidationException">With every failure, when there are any.</exception>
    public static void ThrowIfAny(string subject, List<ValidationFailure>? failures)
    {
        if (failures is not null)
        {
            throw new ValidationException($"{subject} is invalid: {Describe(failures)}", failures);
        }
    }

    /// <summary>The failures in one line, as dead-letter descriptions and exception messages give them.</summary>
    public static string Describe(List<ValidationFailure> failures) =>
        string.Join("; ", failures.Select(failure => $"{failure.PropertyName}: {failure.ErrorMessage}"));

    /// <summary>The slow path, from the first validator that must run asynchronously.</summary>
    private async ValueTask<List<ValidationFailure>?> ValidateFromAsync(
        int index, T message, List<ValidationFailure>? failures, CancellationToken cancellationToken)
    {
        for (; index < validators.Length; index++)
        {
            var result = TryValidateSynchronously(index, message)
                ?? await validators[index].ValidateAsync(message, cancellationToken).ConfigureAwait(false);
            failures = Collect(result, failures);
        }

        return failures;
    }

    /// <summary>The validator's result, or null when it holds asynchronous rules.</summary>
    private ValidationResult? TryValidateSynchronously(int index, T message)
    {
        if (_asynchronous[index])
        {
            return null;
        }

        try
        {
            return validators[index].Validate(message);
        }
        catch (AsyncValidatorInvokedSynchronouslyException)
        {
            _asynchronous[index] = true;
            return null;
        }
    }

    private static List<ValidationFailure>? Collect(ValidationResult result, List<ValidationFailure>? failures)
    {
        if (!result.IsValid)
        {
            (failures ??= []).AddRange(result.Errors);
        }

        return failures;
    }
}
