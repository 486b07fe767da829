using System.Runtime.CompilerServices;
using FluentValidation;
using FluentValidation.Results;

namespace Cqrs.Pipeline;

/// <summary>
/// Synchronous validation through one FluentValidation context per thread and message type, reused from call to call.
/// <c>IValidator&lt;T&gt;.Validate(T)</c> builds a new context each time (the context, its property chain, failure
/// list, root data and message formatter), at each validated hop, where the pipeline otherwise allocates little.
/// Between uses the context is put back as a new one is: no message, no failures, no root data, no shared
/// condition results. A context that a validator left mid-way (it threw, or kept a child's property chain) is dropped.
/// The message, the failure list and the shared condition cache are not public: they are reached through
/// <see cref="UnsafeAccessorAttribute"/> (no reflection), and only in the FluentValidation release this was tested
/// with (<see cref="ValidationContextReuse.TestedFluentValidation"/>): another release may keep other state in those members, or none, so with
/// it every validation gets a new context through the public API, as FluentValidation itself would make. With a
/// validator's <see cref="ValidatorRules{T}"/>, the context keeps a result over its failures too, so that validating a
/// valid message allocates nothing. Thread-safe.
/// </summary>
internal static class ReusedValidationContext<T>
{
    private static readonly bool Reusable = ValidationContextReuse.TestedReleaseInUse && ProbeAccessors();

    [ThreadStatic]
    private static ValidationContext<T>? t_free;

    /// <summary>The result over <see cref="t_free"/>'s failures, once <see cref="ValidatorRules{T}"/> needed one; taken and put back with it.</summary>
    [ThreadStatic]
    private static ValidationResult? t_freeResult;

    /// <summary>
    /// Runs <paramref name="validator"/> on <paramref name="message"/> and adds its failures to <paramref name="failures"/>:
    /// through <paramref name="rules"/>, its rules, when given.
    /// </summary>
    /// <returns>The failures so far: <paramref name="failures"/>, created on the first one; null while there are none.</returns>
    /// <exception cref="AsyncValidatorInvokedSynchronouslyException">The validator holds asynchronous rules.</exception>
    public static List<ValidationFailure>? Validate(IValidator<T> validator, ValidatorRules<T>? rules, T message, List<ValidationFailure>? failures)
    {
        if (!Reusable)
        {
            return MessageValidators<T>.Collect(validator.Validate(message), failures);
        }

        var (context, result) = Take(message);
        if (rules is null || message is null)
        {
            // A null message goes to FluentValidation's own call, which refuses it with its own error.
            result = validator.Validate(context);
        }
        else
        {
            result ??= ValidatorRules<T>.ResultOver(Failures(context));
            rules.Run(context, result);
        }

        // Copied out before the context is cleared: a validator may return the context's own failure list.
        failures = MessageValidators<T>.Collect(result, failures);
        Return(context, result);
        return failures;
    }

    /// <summary>Whether this FluentValidation has the members a reused context is reset through.</summary>
    internal static bool ProbeAccessors()
    {
        try
        {
            var context = new ValidationContext<T>(default!);
            InstanceToValidate(context) = default!;
            SharedConditionCache(context) = null;
            return Failures(context) is not null;
        }
        catch (MissingMemberException)
        {
            return false;
        }
    }

    /// <summary>This thread's free context, with its result when it has one; else a new context.</summary>
    private static (ValidationContext<T> Context, ValidationResult? Result) Take(T message)
    {
        var context = t_free;
        if (context is null)
        {
            return (new ValidationContext<T>(message), null);
        }

        var result = t_freeResult;
        t_free = null; // a validator that validates another T on this thread gets a context of its own
        t_freeResult = null;
        InstanceToValidate(context) = message;
        return (context, result);
    }

    /// <summary>
    /// Puts the context back as new, unless a validator left it mid-way; with it <paramref name="result"/>, when that is
    /// still a result over the context's failures (a <c>PreValidate</c> may have given it a list of its own).
    /// </summary>
    private static void Return(ValidationContext<T> context, ValidationResult result)
    {
        if (context.PropertyChain.Count != 0 || context.IsChildContext)
        {
            return;
        }

        InstanceToValidate(context) = default!;
        SharedConditionCache(context) = null;
        Failures(context).Clear();
        if (context.RootContextData.Count != 0)
        {
            context.RootContextData.Clear();
        }

        if (context.MessageFormatter.PlaceholderValues.Count != 0)
        {
            context.MessageFormatter.PlaceholderValues.Clear();
        }

        t_free = context;
        t_freeResult = result.Errors == Failures(context) ? result : null;
    }

    [UnsafeAccessor(UnsafeAccessorKind.Field, Name = "<InstanceToValidate>k__BackingField")]
    private static extern ref T InstanceToValidate(ValidationContext<T> context);

#pragma warning disable CS8714 // the field's own type, which FluentValidation declares without a notnull constraint
    [UnsafeAccessor(UnsafeAccessorKind.Field, Name = "_sharedConditionCache")]
    private static extern ref Dictionary<string, Dictionary<T, bool>>? SharedConditionCache(ValidationContext<T> context);
#pragma warning restore CS8714

    [UnsafeAccessor(UnsafeAccessorKind.Method, Name = "get_Failures")]
    private static extern List<ValidationFailure> Failures(ValidationContext<T> context);
}
