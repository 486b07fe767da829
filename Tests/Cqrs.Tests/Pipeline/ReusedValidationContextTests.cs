using System.Reflection;
using System.Runtime.CompilerServices;
using Cqrs.Pipeline;
using FluentValidation;
using Cqrs.Tests.Support;
using FluentValidation.Results;

namespace Cqrs.Tests.Pipeline;

/// <summary>
/// A validation context reused from call to call must behave as a new one each time: nothing of one message's
/// validation (failures, root data, shared conditions, property chain, the message itself) reaches the next.
/// Each test validates on one thread, so every call after the first reuses that thread's context; the theories do so
/// through the validator's own call and through its rules (<see cref="ValidatorRules{T}"/>).
/// </summary>
public sealed class ReusedValidationContextTests
{
    [Fact]
    public void ProbeAccessors_WithThePinnedFluentValidation_FindsTheMembersItResets() =>
        Assert.True(ReusedValidationContext<Parcel>.ProbeAccessors());

    [Fact]
    public void TestedFluentValidation_IsTheVersionThePackagesPin()
    {
        var packages = System.Xml.Linq.XDocument.Load(Path.Combine(RepositoryFiles.Root(), "Directory.Packages.props"));
        var pinned = packages.Descendants("PackageVersion").Single(package => (string?)package.Attribute("Include") == "FluentValidation");

        Assert.Equal(ValidationContextReuse.TestedFluentValidation, (string?)pinned.Attribute("Version"));
    }

    [Fact]
    public void IsTestedRelease_OfTheFluentValidationInUse_IsTrue() =>
        Assert.True(ValidationContextReuse.IsTestedRelease(
            typeof(IValidator).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion));

    [Theory]
    [InlineData("12.2.1+0123abc")]
    [InlineData("12.3.0")]
    [InlineData("11.11.0")]
    [InlineData("12.2.0-preview1")]
    [InlineData(null)]
    public void IsTestedRelease_OfAnotherRelease_IsFalse(string? informationalVersion) =>
        Assert.False(ValidationContextReuse.IsTestedRelease(informationalVersion));

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Validate_AfterAFailedMessage_ReportsOnlyTheNextMessagesFailures(bool throughRules)
    {
        var validator = ParcelValidator();

        var first = Through(throughRules, validator, new Parcel("", Weight: 5), failures: null);
        var valid = Through(throughRules, validator, new Parcel("box", Weight: 5), failures: null);
        var third = Through(throughRules, validator, new Parcel("box", Weight: -1), failures: null);

        Assert.Equal(["Label"], PropertyNames(first));
        Assert.Null(valid);
        Assert.Equal(["Weight"], PropertyNames(third));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Validate_WithFailuresSoFar_AddsToThem(bool throughRules)
    {
        List<ValidationFailure> earlier = [new("Other", "earlier failure")];

        var failures = Through(throughRules, ParcelValidator(), new Parcel("", Weight: -1), earlier);

        Assert.Same(earlier, failures);
        Assert.Equal(["Other", "Label", "Weight"], PropertyNames(failures));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Validate_RootDataWrittenByARule_IsGoneForTheNextMessage(bool throughRules)
    {
        var validator = new InlineValidator<Parcel>();
        validator.RuleFor(parcel => parcel.Label).Custom((_, context) =>
        {
            if (context.RootContextData.ContainsKey("seen"))
            {
                context.AddFailure("root data of an earlier message");
            }

            context.RootContextData["seen"] = true;
        });

        Assert.Null(Through(throughRules, validator, new Parcel("a", 1), failures: null));
        Assert.Null(Through(throughRules, validator, new Parcel("b", 1), failures: null));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Validate_SharedCondition_IsEvaluatedAgainForAnEqualMessage(bool throughRules)
    {
        var evaluations = 0;
        var validator = new InlineValidator<Parcel>();
        validator.When(parcel => ++evaluations > 0 && parcel.Weight > 10, () =>
        {
            validator.RuleFor(parcel => parcel.Label).NotEqual("fragile");
            validator.RuleFor(parcel => parcel.Weight).LessThan(100);
        });

        // Records with equal values: a stale shared-condition cache, keyed by the message, would answer the second.
        Through(throughRules, validator, new Parcel("box", 20), failures: null);
        Through(throughRules, validator, new Parcel("box", 20), failures: null);

        Assert.Equal(2, evaluations);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Validate_ChildValidatorFailures_KeepTheirPathOnEveryMessage(bool throughRules)
    {
        var validator = new InlineValidator<Shipment>();
        validator.RuleFor(shipment => shipment.Parcel).SetValidator(ParcelValidator());

        var first = Through(throughRules, validator, new Shipment(new Parcel("", 1)), failures: null);
        var valid = Through(throughRules, validator, new Shipment(new Parcel("box", 1)), failures: null);
        var third = Through(throughRules, validator, new Shipment(new Parcel("", 1)), failures: null);

        Assert.Equal(["Parcel.Label"], PropertyNames(first));
        Assert.Null(valid);
        Assert.Equal(["Parcel.Label"], PropertyNames(third));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Validate_AfterARuleThrew_ValidatesTheNextMessageAsNew(bool throughRules)
    {
        var validator = new InlineValidator<Parcel>();
        validator.RuleFor(parcel => parcel.Weight).Must(weight => weight != 13 ? weight > 0 : throw new InvalidOperationException("unlucky"));

        Assert.Throws<InvalidOperationException>(() => Through(throughRules, validator, new Parcel("box", 13), failures: null));
        var failures = Through(throughRules, validator, new Parcel("box", -1), failures: null);

        Assert.Equal(["Weight"], PropertyNames(failures));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Validate_DoesNotKeepTheMessageAlive(bool throughRules)
    {
        var validator = ParcelValidator();

        var validated = ValidateOneParcel(validator, throughRules);
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();

        Assert.False(validated.IsAlive);
    }

    [Fact]
    public void Validate_AValidMessage_AllocatesNoNewContext()
    {
        var validator = ParcelValidator();
        var parcel = new Parcel("box", 5);

        var reused = BytesPerCall(() => ReusedValidationContext<Parcel>.Validate(validator, rules: null, parcel, failures: null));
        var fresh = BytesPerCall(() => validator.Validate(parcel));

        // A new context with its property chain, failure list, root data and message formatter is several hundred bytes.
        Assert.True(fresh - reused >= 400, $"reused context: {reused} bytes a call; FluentValidation's own: {fresh}");
    }

    /// <summary>Bytes this thread allocates a call of <paramref name="validate"/>, after one call to warm it.</summary>
    internal static long BytesPerCall(Action validate)
    {
        validate();
        var before = GC.GetAllocatedBytesForCurrentThread();
        for (var i = 0; i < 1_000; i++)
        {
            validate();
        }

        return (GC.GetAllocatedBytesForCurrentThread() - before) / 1_000;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static WeakReference ValidateOneParcel(InlineValidator<Parcel> validator, bool throughRules)
    {
        var parcel = new Parcel("box", 5);
        Through(throughRules, validator, parcel, failures: null);
        return new WeakReference(parcel);
    }

    /// <summary>Validates through the validator's rules (<see cref="ValidatorRules{T}"/>), or through its own call.</summary>
    private static List<ValidationFailure>? Through<T>(bool throughRules, AbstractValidator<T> validator, T message, List<ValidationFailure>? failures) =>
        ReusedValidationContext<T>.Validate(validator, throughRules ? ValidatorRules<T>.Of(validator) ?? throw new ArgumentException("The validator has no rules to run.", nameof(validator)) : null, message, failures);

    private static string[] PropertyNames(List<ValidationFailure>? failures) =>
        [.. (failures ?? []).Select(failure => failure.PropertyName)];

    public sealed record Parcel(string Label, int Weight);

    public sealed record Shipment(Parcel Parcel);

    /// <summary>Built here, not declared as a class: the generator would register a validator class for every test container.</summary>
    internal static InlineValidator<Parcel> ParcelValidator()
    {
        var validator = new InlineValidator<Parcel>();
        validator.RuleFor(parcel => parcel.Label).NotEmpty();
        validator.RuleFor(parcel => parcel.Weight).GreaterThan(0);
        return validator;
    }
}
