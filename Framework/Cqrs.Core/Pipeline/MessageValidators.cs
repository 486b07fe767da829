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
internal sealed class MessageValidators<T>
{
    public static readonly MessageValidators<T> None = new([], scopes: null);

    private readonly IValidator<T>[] _singletons;

    /// <summary>Where scoped validators come from; null for singletons.</summary>
    private readonly IServiceProvider? _scopes;

    /// <summary>By validator, in registration order: set once it has refused a synchronous call (a race only costs another refusal).</summary>
    private bool[] _asynchronous;

    private MessageValidators(IValidator<T>[] singletons, IServiceProvider? scopes)
    {
        _singletons = singletons;
        _scopes = scopes;
        _asynchronous = new bool[singletons.Length];
    }

    /// <summary>The validators of <typeparamref name="T"/> in <paramref name="services"/>, with the handlers' lifetime.</summary>
    public static MessageValidators<T> From(IServiceProvider services, bool singletonHandlers)
    {
        if (singletonHandlers)
        {
            IValidator<T>[] validators = [.. services.GetServices<IValidator<T>>()];
            return validators.Length == 0 ? None : new(validators, scopes: null);
        }

        var registered = services.GetService<IServiceProviderIsService>()?.IsService(typeof(IValidator<T>)) ?? true;
        return registered ? new([], services) : None;
    }

    /// <summary>Every failure of every validator, or null when <paramref name="message"/> is valid.</summary>
    public ValueTask<List<ValidationFailure>?> ValidateAsync(T message, CancellationToken cancellationToken) =>
        _scopes is null ? ValidateAsync(_singletons, _asynchronous, message, cancellationToken) : ValidateInScopeAsync(message, cancellationToken);

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
        var scope = _scopes!.CreateAsyncScope();
        await using (scope.ConfigureAwait(false))
        {
            IValidator<T>[] validators = [.. scope.ServiceProvider.GetServices<IValidator<T>>()];
            var asynchronous = _asynchronous.Length == validators.Length ? _asynchronous : _asynchronous = new bool[validators.Length];
            return await ValidateAsync(validators, asynchronous, message, cancellationToken).ConfigureAwait(false);
        }
    }

    private static ValueTask<List<ValidationFailure>?> ValidateAsync(
        IValidator<T>[] validators, bool[] asynchronous, T message, CancellationToken cancellationToken)
    {
        List<ValidationFailure>? failures = null;
        for (var index = 0; index < validators.Length; index++)
        {
            var result = TryValidateSynchronously(validators, asynchronous, index, message);
            if (result is null)
            {
                return ValidateFromAsync(validators, asynchronous, index, message, failures, cancellationToken);
            }

            failures = Collect(result, failures);
        }

        return new(failures);
    }

    /// <summary>The slow path, from the first validator that must run asynchronously.</summary>
    private static async ValueTask<List<ValidationFailure>?> ValidateFromAsync(
        IValidator<T>[] validators, bool[] asynchronous, int index, T message, List<ValidationFailure>? failures, CancellationToken cancellationToken)
    {
        for (; index < validators.Length; index++)
        {
            var result = TryValidateSynchronously(validators, asynchronous, index, message)
                ?? await validators[index].ValidateAsync(message, cancellationToken).ConfigureAwait(false);
            failures = Collect(result, failures);
        }

        return failures;
    }

    /// <summary>The validator's result, or null when it holds asynchronous rules.</summary>
    private static ValidationResult? TryValidateSynchronously(IValidator<T>[] validators, bool[] asynchronous, int index, T message)
    {
        if (asynchronous[index])
        {
            return null;
        }

        try
        {
            return validators[index].Validate(message);
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
