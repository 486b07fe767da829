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
    private readonly IServiceProvider _services;
    private readonly bool _singletonHandlers;

    /// <summary>Resolved once, when made or on first use (a race resolves the container's same validators twice).</summary>
    private LifetimeServices<IValidator<T>>? _validators;

    /// <summary>By validator, in registration order: set once it has refused a synchronous call (a race only costs another refusal).</summary>
    private bool[] _asynchronous = [];

    /// <summary>The singletons' rules, index for index, made on first use (a race only makes them twice); null where a validator runs through its own call.</summary>
    private ValidatorRules<T>?[]? _singletonRules;

    private MessageValidators(IServiceProvider services, bool singletonHandlers)
    {
        _services = services;
        _singletonHandlers = singletonHandlers;
    }

    private LifetimeServices<IValidator<T>> Validators => _validators ??= LifetimeServices<IValidator<T>>.From(_services, _singletonHandlers);

    /// <summary>The validators of <typeparamref name="T"/> in <paramref name="services"/>, with the handlers' lifetime, resolved now.</summary>
    public static MessageValidators<T> From(IServiceProvider services, bool singletonHandlers)
    {
        var validators = new MessageValidators<T>(services, singletonHandlers);
        _ = validators.Validators;
        return validators;
    }

    /// <summary>As <see cref="From"/>, resolved on the first validation: for a process that may never send the type, and receives nothing.</summary>
    public static MessageValidators<T> OnFirstUse(IServiceProvider services, bool singletonHandlers) => new(services, singletonHandlers);

    /// <summary>Every failure of every validator, or null when <paramref name="message"/> is valid.</summary>
    public ValueTask<List<ValidationFailure>?> ValidateAsync(T message, CancellationToken cancellationToken)
    {
        var validators = Validators;
        return validators.IsScoped
            ? ValidateInScopeAsync(validators, message, cancellationToken)
            : Validate(validators.Singletons, _singletonRules ??= Array.ConvertAll(validators.Singletons, ValidatorRules<T>.Of), message, cancellationToken);
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

    private async ValueTask<List<ValidationFailure>?> ValidateInScopeAsync(LifetimeServices<IValidator<T>> validators, T message, CancellationToken cancellationToken)
    {
        var scope = _services.CreateAsyncScope();
        await using (scope.ConfigureAwait(false))
        {
            return await Validate(validators.In(scope.ServiceProvider), rules: null, message, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>
    /// Runs <paramref name="resolved"/> in turn; without asynchronous rules, synchronously, and through their
    /// <paramref name="rules"/> (index for index) where given: a scope's validators, made for one call, run through their own.
    /// </summary>
    private ValueTask<List<ValidationFailure>?> Validate(IValidator<T>[] resolved, ValidatorRules<T>?[]? rules, T message, CancellationToken cancellationToken)
    {
        var asynchronous = _asynchronous.Length == resolved.Length ? _asynchronous : _asynchronous = new bool[resolved.Length];
        List<ValidationFailure>? failures = null;
        for (var index = 0; index < resolved.Length; index++)
        {
            if (!TryValidateSynchronously(resolved, rules, asynchronous, index, message, ref failures))
            {
                return ValidateFromAsync(resolved, rules, asynchronous, index, message, failures, cancellationToken);
            }
        }

        return new(failures);
    }

    /// <summary>The slow path, from the first validator that must run asynchronously.</summary>
    private static async ValueTask<List<ValidationFailure>?> ValidateFromAsync(
        IValidator<T>[] resolved, ValidatorRules<T>?[]? rules, bool[] asynchronous, int index, T message, List<ValidationFailure>? failures, CancellationToken cancellationToken)
    {
        for (; index < resolved.Length; index++)
        {
            if (!TryValidateSynchronously(resolved, rules, asynchronous, index, message, ref failures))
            {
                failures = Collect(await resolved[index].ValidateAsync(message, cancellationToken).ConfigureAwait(false), failures);
            }
        }

        return failures;
    }

    /// <summary>Adds the validator's failures to <paramref name="failures"/>; false, having run nothing to the end, when it holds asynchronous rules.</summary>
    private static bool TryValidateSynchronously(
        IValidator<T>[] resolved, ValidatorRules<T>?[]? rules, bool[] asynchronous, int index, T message, ref List<ValidationFailure>? failures)
    {
        if (asynchronous[index])
        {
            return false;
        }

        try
        {
            failures = ReusedValidationContext<T>.Validate(resolved[index], rules?[index], message, failures);
            return true;
        }
        catch (AsyncValidatorInvokedSynchronouslyException)
        {
            asynchronous[index] = true;
            return false;
        }
    }

    /// <summary>Adds the result's failures, copied, to <paramref name="failures"/>, created on the first one.</summary>
    internal static List<ValidationFailure>? Collect(ValidationResult result, List<ValidationFailure>? failures)
    {
        if (!result.IsValid)
        {
            (failures ??= []).AddRange(result.Errors);
        }

        return failures;
    }
}
