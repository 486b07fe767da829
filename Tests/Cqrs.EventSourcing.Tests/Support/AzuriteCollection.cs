namespace Cqrs.EventSourcing.Tests.Support;

/// <summary>The tests that share one Azurite.</summary>
[CollectionDefinition(Name)]
public sealed class AzuriteCollection : ICollectionFixture<AzuriteFixture>
{
    public const string Name = "Azurite";
}
