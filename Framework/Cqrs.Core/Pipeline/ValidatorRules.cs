using System.Collections;
using System.Runtime.CompilerServices;
using FluentValidation;
using FluentValidation.Results;

namespace Cqrs.Pipeline;

/// <summary>
/// A validator's rules, run on a context the way its own <c>Validate(context)</c> runs them (its <c>PreValidate</c>, then
/// each rule, stopping after the first that fails when its <see cref="AbstractValidator{T}.ClassLevelCascadeMode"/> says
/// so), but with the result the caller keeps for the context: FluentValidation's own call allocates a new
/// <see cref="ValidationResult"/> every time, valid or not. The rules, the rule call and the result's constructor are not
/// public: they are reached through <see cref="UnsafeAccessorAttribute"/> (no reflection), and only in the FluentValidation
/// release this was tested with (<see cref="ValidationContextReuse.TestedReleaseInUse"/>). A validator that overrides
/// <c>Validate(context)</c> runs through it instead (<see cref="Of"/>, which reads that from a delegate's method, once per
/// validator). Thread-safe.
/// </summary>
internal sealed class ValidatorRules<T>
{
    private const string RuleCollection =
        "FluentValidation.Internal.TrackingCollection`1[[FluentValidation.IValidationRuleInternal`1[[!0]], FluentValidation]], FluentValidation";

    private const string Rule = "FluentValidation.IValidationRuleInternal`1[[!0]], FluentValidation";

    private readonly AbstractValidator<T> _validator;

    /// <summary>The validator's rules as last read: taken again when it holds another number of them (a rule added after its constructor).</summary>
    private object[] _rules = [];

    private ValidatorRules(AbstractValidator<T> validator) => _validator = validator;

    /// <summary>
    /// The rules of <paramref name="validator"/>, or null when it must run through its own <c>Validate(context)</c>: it is
    /// no <see cref="AbstractValidator{T}"/>, it overrides that method, or this FluentValidation is not the tested release.
    /// </summary>
    public static ValidatorRules<T>? Of(IValidator<T> validator) =>
        ValidationContextReuse.TestedReleaseInUse && validator is AbstractValidator<T> rules && !OverridesValidate(rules) ? new(rules) : null;

    /// <summary>A result that holds <paramref name="failures"/> (a context's own list), as FluentValidation makes for each call.</summary>
    [UnsafeAccessor(UnsafeAccessorKind.Constructor)]
    public static extern ValidationResult ResultOver(List<ValidationFailure> failures);

    /// <summary>
    /// Validates <paramref name="context"/>'s message; its failures are in <paramref name="result"/>, made over the
    /// context's failures (<see cref="ResultOver"/>).
    /// </summary>
    /// <exception cref="AsyncValidatorInvokedSynchronouslyException">A rule is asynchronous.</exception>
    public void Run(ValidationContext<T> context, ValidationResult result)
    {
        if (!PreValidate(_validator, context, result))
        {
            return;
        }

        foreach (var rule in Current())
        {
            var failed = result.Errors.Count;
            Validate(rule, context);
            if (result.Errors.Count > failed && _validator.ClassLevelCascadeMode == CascadeMode.Stop)
            {
                return;
            }
        }
    }

    /// <summary>The validator's rules, read again when their number changed.</summary>
    private object[] Current()
    {
        var collection = Rules(_validator);
        var rules = _rules;
        if (Count(collection) != rules.Length)
        {
            // Enumerated once, not per call: the collection's enumerator is an object.
            rules = [.. ((IEnumerable)collection).Cast<object>()];
            _rules = rules;
        }

        return rules;
    }

    /// <summary>The method a delegate to <c>Validate(context)</c> binds is the most derived one: FluentValidation's own, unless overridden.</summary>
    private static bool OverridesValidate(AbstractValidator<T> validator) =>
        ((Func<ValidationContext<T>, ValidationResult>)validator.Validate).Method.DeclaringType != typeof(AbstractValidator<T>);

    [UnsafeAccessor(UnsafeAccessorKind.Method, Name = "PreValidate")]
    private static extern bool PreValidate(AbstractValidator<T> validator, ValidationContext<T> context, ValidationResult result);

    [UnsafeAccessor(UnsafeAccessorKind.Method, Name = "get_Rules")]
    [return: UnsafeAccessorType(RuleCollection)]
    private static extern object Rules(AbstractValidator<T> validator);

    [UnsafeAccessor(UnsafeAccessorKind.Method, Name = "get_Count")]
    private static extern int Count([UnsafeAccessorType(RuleCollection)] object rules);

    [UnsafeAccessor(UnsafeAccessorKind.Method, Name = "Validate")]
    private static extern void Validate([UnsafeAccessorType(Rule)] object rule, ValidationContext<T> context);
}
