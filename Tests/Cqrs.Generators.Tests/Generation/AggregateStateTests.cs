using Cqrs.Generators.Tests.Infrastructure;

namespace Cqrs.Generators.Tests.Generation;

public sealed class AggregateStateTests
{
    [Fact]
    public void AggregateState_AloneInItsAssembly_GetsItsCodecAndARegistryThatRegistersIt()
    {
        var run = GeneratorHarness.Run(Snippets.Account(), "Bank");

        run.AssertClean();
        Assert.Equal(
            ["BankMessageRegistry.g.cs", "Bank_AccountCodec.g.cs", "CqrsGeneratedServiceCollectionExtensions.g.cs"],
            run.HintNames.Order(StringComparer.Ordinal));
        Assert.Equal(
            ["builder.AggregateState<global::Bank.Account>(\"bank.account\", global::Cqrs.Generated.Bank_AccountCodec.Instance);"],
            run.RegistryCalls("BankMessageRegistry.g.cs"));
    }

    [Fact]
    public void AggregateState_InAnAssemblyWithHandlers_NeedsNoHandler()
    {
        var run = GeneratorHarness.Run(Snippets.Account() + """
            namespace Bank
            {
                [WireName("bank.open")]
                public sealed record Open : ICommand;

                public sealed class OpenHandler : ICommandHandler<Open>
                {
                    public ValueTask HandleAsync(Open command, IMessageContext context, CancellationToken cancellationToken) => default;
                }
            }
            """);

        run.AssertClean();
    }

    [Fact]
    public void TypeDerivedFromAnAggregateState_IsNotAnAggregateState()
    {
        var run = GeneratorHarness.Run(Snippets.AggregateContract + """
            namespace Bank
            {
                [WireName("bank.account")]
                public record Account([property: Key(0)] decimal Balance) : Cqrs.EventSourcing.IAggregate<Account>
                {
                    public static Account Initial { get; } = new(0m);

                    public Account Apply(IEvent @event) => this;
                }

                public sealed record SavingsAccount(decimal Balance) : Account(Balance);
            }
            """);

        run.AssertClean();
        Assert.Equal(
            ["builder.AggregateState<global::Bank.Account>(\"bank.account\", global::Cqrs.Generated.Bank_AccountCodec.Instance);"],
            run.RegistryCalls("TestAssemblyMessageRegistry.g.cs"));
    }
}
