using System.Globalization;
using Cqrs.Generators.Tests.Infrastructure;

namespace Cqrs.Generators.Tests.Diagnostics;

/// <summary><c>[OrderingKey]</c>: the reader of each supported key type in the registry, and the build errors of misuse (CQRS018–CQRS021).</summary>
public sealed class OrderingKeyDiagnosticTests
{
    [Fact]
    public void OrderingKey_OfEachSupportedType_GivesItsMessageAKeyReaderInTheRegistry_ThatCompiles()
    {
        var run = GeneratorHarness.Run("""
            namespace Bank;

            public enum Region : byte { North = 1, South = 2 }

            [WireName("bank.open")]
            public sealed record Open([property: Key(0), OrderingKey] string AccountId) : ICommand;

            [WireName("bank.deposit")]
            public sealed record Deposit([property: Key(0), OrderingKey] Guid AccountId, [property: Key(1)] decimal Amount) : ICommand;

            [WireName("bank.audit")]
            public sealed record Audit([property: Key(0), OrderingKey] long? Batch) : ICommand;

            [WireName("bank.moved")]
            public sealed record Moved([property: Key(0), OrderingKey] Region To) : IEvent;

            [WireName("bank.reviewed")]
            public sealed record Reviewed([property: Key(0), OrderingKey] Region? In, [property: Key(1)] int Number) : IEvent;

            [WireName("bank.noted")]
            public sealed class Noted : IEvent
            {
                [Key(0)] public int Branch { get; init; }

                [Key(1)] public string Clerk { get; init; } = "";

                [OrderingKey] public string Desk => $"{Branch}/{Clerk}";
            }
            """);

        run.AssertClean();
        Assert.Equal(
            [
                "builder.Command<global::Bank.Audit>(\"bank.audit\", global::Cqrs.Generated.Bank_AuditCodec.Instance, static message => message.Batch?.ToString(global::System.Globalization.CultureInfo.InvariantCulture));",
                "builder.Command<global::Bank.Deposit>(\"bank.deposit\", global::Cqrs.Generated.Bank_DepositCodec.Instance, static message => message.AccountId.ToString());",
                "builder.Event<global::Bank.Moved>(\"bank.moved\", global::Cqrs.Generated.Bank_MovedCodec.Instance, static message => ((byte)message.To).ToString(global::System.Globalization.CultureInfo.InvariantCulture));",
                "builder.Event<global::Bank.Noted>(\"bank.noted\", global::Cqrs.Generated.Bank_NotedCodec.Instance, static message => message.Desk);",
                "builder.Command<global::Bank.Open>(\"bank.open\", global::Cqrs.Generated.Bank_OpenCodec.Instance, static message => message.AccountId);",
                "builder.Event<global::Bank.Reviewed>(\"bank.reviewed\", global::Cqrs.Generated.Bank_ReviewedCodec.Instance, static message => ((byte?)message.In)?.ToString(global::System.Globalization.CultureInfo.InvariantCulture));",
            ],
            run.RegistryCalls("TestAssemblyMessageRegistry.g.cs"));
    }

    [Fact]
    public void OrderingKey_InheritedFromAnAbstractBase_OrdersTheDerivedMessage()
    {
        var run = GeneratorHarness.Run("""
            namespace Bank;

            public abstract record AccountCommand([property: Key(0), OrderingKey] string AccountId) : ICommand;

            [WireName("bank.close")]
            public sealed record Close(string AccountId, [property: Key(1)] string Reason) : AccountCommand(AccountId);
            """);

        run.AssertClean();
        Assert.Equal(
            ["builder.Command<global::Bank.Close>(\"bank.close\", global::Cqrs.Generated.Bank_CloseCodec.Instance, static message => message.AccountId);"],
            run.RegistryCalls("TestAssemblyMessageRegistry.g.cs"));
    }

    [Fact]
    public void OrderingKey_OnAClassThatIsNoMessage_ReportsCqrs018AtTheAttribute()
    {
        var run = GeneratorHarness.Run("""
            namespace Bank;

            public sealed class Teller
            {
                [OrderingKey] public string Desk { get; set; } = "";
            }
            """);

        var diagnostic = run.Single("CQRS018");
        Assert.Equal("OrderingKey", run.TextAt(diagnostic));
        Assert.StartsWith("Member 'Desk' of 'Bank.Teller' has [OrderingKey], but 'Bank.Teller' is not a command or event", diagnostic.GetMessage(CultureInfo.InvariantCulture), StringComparison.Ordinal);
    }

    [Fact]
    public void OrderingKey_OnAnAggregateStatesParameter_ReportsCqrs018()
    {
        var run = GeneratorHarness.Run("""
            namespace Bank
            {
                using Cqrs.EventSourcing;

                [WireName("bank.account")]
                public sealed record Account([property: Key(0), OrderingKey] string Owner) : IAggregate<Account>
                {
                    public static Account Initial { get; } = new(string.Empty);

                    public Account Apply(IEvent @event) => this;
                }
            }
            """,
            "Bank",
            GeneratorHarness.SagaContracts);

        var diagnostic = run.Single("CQRS018");
        Assert.Equal("OrderingKey", run.TextAt(diagnostic));
        Assert.Contains("'Owner' of 'Bank.Account'", diagnostic.GetMessage(CultureInfo.InvariantCulture), StringComparison.Ordinal);
    }

    [Fact]
    public void OrderingKey_OnTwoMembers_ReportsCqrs019AtTheMessage()
    {
        var run = GeneratorHarness.Run("""
            namespace Bank;

            public abstract record AccountCommand([property: Key(0), OrderingKey] string AccountId) : ICommand;

            [WireName("bank.transfer")]
            public sealed record Transfer(string AccountId, [property: Key(1), OrderingKey] string ToAccountId) : AccountCommand(AccountId);
            """);

        var diagnostic = run.Single("CQRS019");
        Assert.Equal("Transfer", run.TextAt(diagnostic));
        Assert.StartsWith("Message 'Bank.Transfer' has [OrderingKey] on 'ToAccountId', 'AccountId'", diagnostic.GetMessage(CultureInfo.InvariantCulture), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("DateTime", "System.DateTime")]
    [InlineData("decimal", "decimal")]
    [InlineData("Branch", "Bank.Branch")]
    [InlineData("bool?", "bool?")]
    public void OrderingKey_OfATypeNoKeyIsMadeFrom_ReportsCqrs020AtTheMember(string type, string displayed)
    {
        var run = GeneratorHarness.Run($$"""
            namespace Bank;

            public sealed record Branch([property: Key(0)] int Number);

            [WireName("bank.open")]
            public sealed record Open([property: Key(0), OrderingKey] {{type}} Key) : ICommand;
            """);

        var diagnostic = run.Single("CQRS020");
        Assert.Equal("Key", run.TextAt(diagnostic));
        Assert.StartsWith($"Ordering key 'Key' of 'Bank.Open' has type '{displayed}'", diagnostic.GetMessage(CultureInfo.InvariantCulture), StringComparison.Ordinal);
    }

    [Fact]
    public void OrderingKey_ThatGeneratedCodeCannotRead_ReportsCqrs021AtTheMember()
    {
        var run = GeneratorHarness.Run("""
            namespace Bank;

            [WireName("bank.open")]
            public sealed record Open([property: Key(0)] string AccountId) : ICommand
            {
                [OrderingKey] private string Route => AccountId;
            }
            """);

        var diagnostic = run.Single("CQRS021");
        Assert.Equal("Route", run.TextAt(diagnostic));
        Assert.StartsWith("Ordering key 'Route' of 'Bank.Open' cannot be read by generated code", diagnostic.GetMessage(CultureInfo.InvariantCulture), StringComparison.Ordinal);
    }
}
