using FluentValidation;
using FluentValidation.Results;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Pipeline;

/// <summary>
/// The FluentValidation validators of one message or query type, run in turn, their failures collected. They have
/// the handlers' lifetime: singletons are resolved once; scoped ones from a scope of their own for each validation,
/// so that a validator may depend on a scoped service (a <c>DbContext</c>). A validator runs synchronously until it
/// turns out to hold an asynchronous rule or condition (<c>MustAsync</c>, <c>WhenAsync</c>, ...), which FluentValidation
/// refuses to run synchronously; from then on that validator runs asynchronously. So singleton validators without
/// asynchronous rules cost no task. Thread-safe.
/// </summary>
internal sealed class MessageValidators<T>(LifetimeServices<IValidator<T>> validators, IServiceProvider? scopes)
{
    public static readonly MessageValidators<T> None = new(LifetimeServices<IValidator<T>>.None, scopes: null);

    /// <summary>By validator, in registration order: set once it has refused a synchronous call (a race only costs another refusal).</summary>
    private bool[] _asynchronous = [];

    /// <summary>The validators of <typeparamref name="T"/> in <paramref name="services"/>, with the handlers' lifetime.</summary>
    public static MessageValidators<T> From(IServiceProvider services, bool singletonHandlers) =>
        new(LifetimeServices<IValidator<T>>.From(services, singletonHandlers), services);

    /// <summary>Every failure of every validator, or null when <paramref name="message"/> is valid.</summary>
    public ValueTask<List<ValidationFailure>?> ValidateAsync(T message, CancellationToken cancellationToken) =>
        validators.IsScoped ? ValidateInScopeAsync(message, cancellationToken) : Validate(validators.Singletons, message, cancellationToken);

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

    private async ValueTask<List<ValidationFailure>?> ValidateInScopeAsync(T message, CancellationToken cancellationToken)
    {
        // Scoped validators come only from From, which is given the provider.
        var scope = scopes!.CreateAsyncScope();
        await using (scope.ConfigureAwait(false))
        {
            return await Validate(validators.In(scope.ServiceProvider), message, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Runs <paramref name="resolved"/> in turn; without asynchronous rules, synchronously.</summary>
    private ValueTask<List<ValidationFailure>?> Validate(IValidator<T>[] resolved, T message, CancellationToken cancellationToken)
    {
        var asynchronous = _asynchronous.Length == resolved.Length ? _asynchronous : _asynchronous = new bool[resolved.Length];
        List<ValidationFailure>? failures = null;
        for (var index = 0; index < resolved.Length; index++)
        {
            var result = TryValidateSynchronously(resolved, asynchronous, index, message);
            if (result is null)
            {
                return ValidateFromAsync(resolved, asynchronous, index, message, failures, cancellationToken);
            }

            failures = Collect(result, failures);
        }

        return new(failures);
    }

    /// <summary>The slow path, from the first validator that must run asynchronously.</summary>
    private static async ValueTask<List<ValidationFailure>?> ValidateFromAsync(
        IValidator<T>[] resolved, bool[] asynchronous, int index, T message, List<ValidationFailure>? failures, CancellationToken cancellationToken)
    {
        for (; index < resolved.Length; index++)
        {
            var result = TryValidateSynchronously(resolved, asynchronous, index, message)
                ?? await resolved[index].ValidateAsync(message, cancellationToken).ConfigureAwait(false);
            failures = Collect(result, failures);
        }

        return failures;
    }

    /// <summary>The validator's result, or null when it holds asynchronous rules.</summary>
    private static ValidationResult? TryValidateSynchronously(IValidator<T>[] resolved, bool[] asynchronous, int index, T message)
    {
        if (asynchronous[index])
        {
            return null;
        }

        try
        {
            return resolved[index].Validate(message);
        }
        catch (AsyncValidatorInvokedSynchronouslyException)
        {
            asynchronous[index] = true;
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
