using Cqrs.Pipeline;
using FluentValidation;
using FluentValidation.Results;
using Parcel = Cqrs.Tests.Pipeline.ReusedValidationContextTests.Parcel;

namespace Cqrs.Tests.Pipeline;

/// <summary>
/// A validator run through its rules (<see cref="ValidatorRules{T}"/>) must give what its own <c>Validate(context)</c>
/// gives: its <c>PreValidate</c>, its class-level cascade, rules added late, and the overrides it may have. The reuse of
/// the context itself, on both paths, is <see cref="ReusedValidationContextTests"/>'.
/// </summary>
public sealed class ValidatorRulesTests
{
    [Fact]
    public void Of_AValidatorOfRulesOnly_GivesItsRules() =>
        Assert.NotNull(ValidatorRules<Parcel>.Of(ReusedValidationContextTests.ParcelValidator()));

    [Fact]
    public void Of_AValidatorThatOverridesValidate_IsNull() =>
        Assert.Null(ValidatorRules<Parcel>.Of(new OwnValidation<Parcel>()));

    /// <summary>With a rule that allocates nothing itself (some of FluentValidation's comparisons box the value they compare).</summary>
    [Fact]
    public void Validate_AValidMessageThroughItsRules_AllocatesNothing()
    {
        var validator = new InlineValidator<Parcel>();
        validator.RuleFor(parcel => parcel.Weight).InclusiveBetween(1, 100);
        var rules = ValidatorRules<Parcel>.Of(validator);
        var parcel = new Parcel("box", 5);

        var throughRules = ReusedValidationContextTests.BytesPerCall(() => ReusedValidationContext<Parcel>.Validate(validator, rules, parcel, failures: null));
        var throughItsOwnCall = ReusedValidationContextTests.BytesPerCall(() => ReusedValidationContext<Parcel>.Validate(validator, rules: null, parcel, failures: null));

        Assert.Equal(0, throughRules);
        Assert.True(throughItsOwnCall >= 32, $"FluentValidation's own call allocates its result: {throughItsOwnCall} bytes a call");
    }

    [Fact]
    public void Validate_APreValidateThatRefuses_GivesItsFailureAndRunsNoRule()
    {
        var validator = new PreValidating<Parcel>
        {
            PreValidation = (_, result) =>
            {
                result.Errors.Add(new ValidationFailure("Parcel", "refused before the rules"));
                return false;
            },
        };
        validator.RuleFor(parcel => parcel.Label).NotEmpty();

        var failures = ThroughRules(validator, new Parcel("", 5));

        Assert.Equal(["refused before the rules"], failures.Select(failure => failure.ErrorMessage));
    }

    [Fact]
    public void Validate_WithClassLevelCascadeStop_StopsAfterTheFirstRuleThatFails()
    {
        var validator = new InlineValidator<Parcel> { ClassLevelCascadeMode = CascadeMode.Stop };
        validator.RuleFor(parcel => parcel.Label).NotEmpty();
        validator.RuleFor(parcel => parcel.Weight).GreaterThan(0);

        var failures = ThroughRules(validator, new Parcel("", -1));

        Assert.Equal(["Label"], failures.Select(failure => failure.PropertyName));
    }

    [Fact]
    public void Validate_ARuleAddedAfterAnEarlierValidation_RunsToo()
    {
        var validator = new InlineValidator<Parcel>();
        validator.RuleFor(parcel => parcel.Label).NotEmpty();
        var rules = ValidatorRules<Parcel>.Of(validator);
        Assert.Null(ReusedValidationContext<Parcel>.Validate(validator, rules, new Parcel("box", -1), failures: null));

        validator.RuleFor(parcel => parcel.Weight).GreaterThan(0);
        var failures = ReusedValidationContext<Parcel>.Validate(validator, rules, new Parcel("box", -1), failures: null);

        Assert.Equal(["Weight"], (failures ?? []).Select(failure => failure.PropertyName));
    }

    [Fact]
    public void Validate_AfterAPreValidateGaveTheResultAListOfItsOwn_TheNextMessageStartsClean()
    {
        var calls = 0;
        var validator = new PreValidating<Parcel>
        {
            PreValidation = (_, result) =>
            {
                if (++calls == 1)
                {
                    result.Errors = [new ValidationFailure("Parcel", "replaced")];
                }

                return true;
            },
        };
        validator.RuleFor(parcel => parcel.Label).NotEmpty();

        var first = ThroughRules(validator, new Parcel("box", 5));
        var second = ThroughRules(validator, new Parcel("box", 5));

        Assert.Equal(["replaced"], first.Select(failure => failure.ErrorMessage));
        Assert.Empty(second);
    }

    [Fact]
    public void Validate_AnAsynchronousRule_IsRefusedAsFluentValidationRefusesIt()
    {
        var validator = new InlineValidator<Parcel>();
        validator.RuleFor(parcel => parcel.Label).MustAsync((label, _) => Task.FromResult(label.Length > 0));

        Assert.ThrowsAny<AsyncValidatorInvokedSynchronouslyException>(() => ThroughRules(validator, new Parcel("box", 5)));
    }

    private static List<ValidationFailure> ThroughRules(AbstractValidator<Parcel> validator, Parcel parcel)
    {
        var rules = ValidatorRules<Parcel>.Of(validator);
        Assert.NotNull(rules);
        return ReusedValidationContext<Parcel>.Validate(validator, rules, parcel, failures: null) ?? [];
    }

    /// <summary>A validator whose <c>PreValidate</c> is the test's. Generic, so that the source generator, which registers every validator class, leaves it out of the test containers.</summary>
    private sealed class PreValidating<T> : InlineValidator<T>
    {
        public required Func<ValidationContext<T>, ValidationResult, bool> PreValidation { get; init; }

        protected override bool PreValidate(ValidationContext<T> context, ValidationResult result) => PreValidation(context, result);
    }

    /// <summary>A validator with a <c>Validate(context)</c> of its own; generic as <see cref="PreValidating{T}"/> is.</summary>
    private sealed class OwnValidation<T> : InlineValidator<T>
    {
        public override ValidationResult Validate(ValidationContext<T> context) => new();
    }
}
